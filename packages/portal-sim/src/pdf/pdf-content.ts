/** What a result PDF says, in reading order; each service builds one from the same data as its page. */
export type PdfBlock =
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'bullet'; readonly text: string }
  | { readonly kind: 'row'; readonly label: string; readonly value: string };

export interface PdfContent {
  /** "Right to work", "Right to rent", "Their immigration status". */
  readonly title: string;
  /** The person's name in capitals. */
  readonly name: string;
  readonly photoJpeg: Uint8Array;
  readonly blocks: readonly PdfBlock[];
  readonly createdAt: Date;
}
