/** The CLI's version (package.json's; a test keeps them equal). */
export const CLI_VERSION = '0.1.0';
