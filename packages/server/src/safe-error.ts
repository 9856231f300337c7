/**
 * What of an unexpected error may be logged: its class, code and stack frames, never its message,
 * which could quote request data (a share code, a name) in some library's wording.
 */
export function safeError(error: unknown): { type: string; code?: string; frames?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .slice(0, 12)
    .join('\n');
  return { type: error.name, ...(typeof code === 'string' ? { code } : {}), ...(frames ? { frames } : {}) };
}
