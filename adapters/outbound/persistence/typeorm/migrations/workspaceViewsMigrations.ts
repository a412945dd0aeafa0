import { type MigrationInterface } from 'typeorm';
import { WorkspaceViews1732501000000 } from './1732501000000-WorkspaceViews';

/** The setup status's and the overview's migrations, oldest first (listed in ./index.ts). */
export const WORKSPACE_VIEWS_MIGRATIONS: Array<new () => MigrationInterface> = [WorkspaceViews1732501000000];
