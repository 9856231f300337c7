import { ShareCodeEvidenceError } from './evidence-error.js';

export interface DecodedDataUrl {
  /** Media type in lower case, without parameters, e.g. `image/jpeg`. */
  mime: string;
  bytes: Uint8Array;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;

/** Decodes a base64 `data:` URL such as the results' photo_data_url and pdf_data_url. */
export function decodeDataUrl(url: string): DecodedDataUrl {
  if (typeof url !== 'string' || !/^data:/i.test(url)) {
    throw new ShareCodeEvidenceError('not_data_url', 'Expected a data: URL (data:<type>;base64,<data>).');
  }
  const comma = url.indexOf(',');
  if (comma < 0)
    throw new ShareCodeEvidenceError('not_data_url', 'The data: URL has no comma before its data.');
  const params = url.slice('data:'.length, comma).split(';');
  if (params.at(-1)?.trim().toLowerCase() !== 'base64') {
    throw new ShareCodeEvidenceError(
      'not_base64',
      'Only base64 data: URLs are supported (data:<type>;base64,<data>).',
    );
  }
  const mime = params.length > 1 ? (params[0]?.trim().toLowerCase() ?? '') : '';
  // Line breaks sometimes creep in when a URL has been stored in a text column or a mail.
  const data = url.slice(comma + 1).replace(/\s+/g, '');
  if (!BASE64.test(data)) {
    throw new ShareCodeEvidenceError('bad_base64', 'The data: URL holds characters that are not base64.');
  }
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { mime: mime === '' ? 'text/plain' : mime, bytes };
}
