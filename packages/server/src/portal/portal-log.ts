/**
 * What the portal code logs through: the server's pino logger fits. Fields passed here never hold a
 * share code, date of birth or name; page text only reaches a log through a redacted diagnostic.
 */
export interface PortalLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentPortalLog: PortalLog = {
  info() {},
  warn() {},
  error() {},
};
