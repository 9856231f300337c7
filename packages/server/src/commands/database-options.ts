import type { Command } from 'commander';
import { DEFAULT_DATA_DIR } from '../config.js';

/** The options that choose the database, shared by `start` and every admin command. */
export const databaseOptions = (command: Command): Command =>
  command
    .option('--data-dir <dir>', `embedded database folder (env RTW_DATA_DIR; default ${DEFAULT_DATA_DIR})`)
    .option('--database-url <url>', 'PostgreSQL instead of the embedded database (env DATABASE_URL)');
