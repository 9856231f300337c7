export function unexpectedExit(exit: {
  code: number | null;
  signal: string | null;
  stopRequested: boolean;
}): string | null;
