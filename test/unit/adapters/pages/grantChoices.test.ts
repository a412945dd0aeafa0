import { expect } from 'chai';
import { grantChoices } from '../../../../adapters/inbound/http/pages/oauth/grantChoices';

const checkedWorkspace = (html: string) => /name="workspace" value="([^"]+)" checked/.exec(html)?.[1];

describe('the approval pages’ workspace choice', () => {
  const viewerOnly = { id: 'A', name: 'Alpha', role: 'viewer' as const, offerable: [] };
  const owner = { id: 'B', name: 'Beta', role: 'owner' as const, offerable: ['posts:write' as const] };

  it('preselects the first workspace where the role allows something asked for, not merely the first by name', () => {
    expect(checkedWorkspace(grantChoices({ requested: ['posts:write'], workspaces: [viewerOnly, owner], hint: null }).text)).to.equal('B');
  });

  it('preselects the hint when it is one of the person’s workspaces', () => {
    expect(checkedWorkspace(grantChoices({ requested: ['posts:write'], workspaces: [viewerOnly, owner], hint: 'A' }).text)).to.equal('A');
    expect(checkedWorkspace(grantChoices({ requested: ['posts:write'], workspaces: [viewerOnly, owner], hint: 'elsewhere' }).text)).to.equal('B');
  });
});
