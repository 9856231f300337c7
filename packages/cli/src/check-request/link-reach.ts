import { isPrivateIpAddress, parseIpAddress } from '@sharecode/core/validation';

// Names that only this machine or its own network resolve.
const LOCAL_NAME = /(^localhost$|\.localhost$|\.local$|\.internal$|\.lan$|\.home\.arpa$|^[^.]+$)/i;

/**
 * True when the link's host is a loopback or private address, or a name only a local network knows:
 * an applicant elsewhere cannot open it. A link that does not parse answers false (nothing to say).
 */
export function linkIsLocalOnly(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const address = parseIpAddress(bare);
  if (address !== undefined) return isPrivateIpAddress(address);
  return LOCAL_NAME.test(bare);
}

/** The warning printed under a link an applicant elsewhere cannot open. */
export const LOCAL_LINK_WARNING =
  "Warning: this link points at this machine or its own network: the applicant cannot open it from elsewhere. The service's operator sets RTW_PUBLIC_URL (the address applicants reach the service at); make a new request once it is set.";
