// The SDK's own rule for file names, so the CLI knows the paths saveEvidence will write before it does.
export { safeFileName as safeBaseName } from '@sharecode/sdk/node';
