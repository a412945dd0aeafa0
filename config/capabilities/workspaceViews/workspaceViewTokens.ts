import { type SetupStepsStore } from '../../../application/ports/workspaceViews/SetupStepsStore';
import { type WorkspaceReads } from '../../../application/ports/workspaceViews/WorkspaceReads';
import { type GetSetupStatus } from '../../../application/workspaceViews/GetSetupStatus';
import { type GetWorkspaceOverview } from '../../../application/workspaceViews/GetWorkspaceOverview';
import { type UpdateSetupSteps } from '../../../application/workspaceViews/UpdateSetupSteps';
import { token } from '../../Wiring';

/** The workspace views: setup status and overview (docs/account.md). */
export const WORKSPACE_VIEW_TOKENS = {
  SetupStepsStore: token<SetupStepsStore>('SetupStepsStore'),
  WorkspaceReads: token<WorkspaceReads>('WorkspaceReads'),
  GetSetupStatus: token<GetSetupStatus>('GetSetupStatus'),
  UpdateSetupSteps: token<UpdateSetupSteps>('UpdateSetupSteps'),
  GetWorkspaceOverview: token<GetWorkspaceOverview>('GetWorkspaceOverview'),
};
