import { type CliCommand } from '../CliCommand';
import { apiKeyCommands } from './apiKeyCommands';
import { clientCommands } from './clientCommands';
import { connectionCommands } from './connectionCommands';
import { keyCommands } from './keyCommands';
import { memberCommands } from './memberCommands';
import { sessionCommands } from './sessionCommands';
import { userCommands } from './userCommands';
import { workspaceCommands } from './workspaceCommands';

export const ALL_COMMANDS: readonly CliCommand[] = [
  ...userCommands,
  ...workspaceCommands,
  ...memberCommands,
  ...apiKeyCommands,
  ...connectionCommands,
  ...sessionCommands,
  ...clientCommands,
  ...keyCommands,
];
