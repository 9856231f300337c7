import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerStartCommand } from './start-command.js';

describe('rtw-server start --help', () => {
  it('says what a driverless instance answers a synchronous live check: 503 BUSY, not 500', () => {
    const program = new Command('rtw-server');
    registerStartCommand(program);
    const start = program.commands.find((command) => command.name() === 'start');
    const help = (start?.helpInformation() ?? '').replace(/\s+/g, ' ');
    expect(help).toMatch(/--no-portal-driver .*503 BUSY with Retry-After 30/);
    expect(help).not.toMatch(/500 INTERNAL/);
  });
});
