import { expect } from 'chai';
import { type ConnectionDirectory, columnOfPath, postRowBody } from '../../../../../adapters/inbound/http/csv/postRowBody';
import { POST_CSV_COLUMNS, type PostCsvColumn } from '../../../../../adapters/inbound/http/csv/postsCsvFormat';
import { type Platform } from '../../../../../domain/platform/Platform';

const CONNECTIONS: Record<string, { platform: Platform; active: boolean }> = {
  x1: { platform: 'TWITTER', active: true },
  x2: { platform: 'TWITTER', active: true },
  li: { platform: 'LINKEDIN', active: true },
  bs: { platform: 'BLUESKY', active: false },
};
const directory: ConnectionDirectory = {
  platformOf: (id) => CONNECTIONS[id]?.platform,
  activeOn: (platform) => Object.keys(CONNECTIONS).filter((id) => CONNECTIONS[id]!.platform === platform && CONNECTIONS[id]!.active),
};
const row = (cells: Partial<Record<PostCsvColumn, string>>) => ({
  row: 2,
  cells: { ...(Object.fromEntries(POST_CSV_COLUMNS.map((c) => [c, ''])) as Record<PostCsvColumn, string>), ...cells },
});

describe('a CSV row as the posts.create body it stands for', () => {
  it('segments with their media, targets by id or by platform name, one time for all, the intent', () => {
    const made = postRowBody(
      row({
        text: 'one\n---\ntwo',
        targets: 'x1; linkedin',
        scheduledAt: '2030-01-01T09:00:00Z',
        intent: 'schedule',
        media: 'm1;m2|m3',
        settings: '{"TWITTER": {"replyRestriction": "everyone"}, "LINKEDIN": {"visibility": "PUBLIC"}}',
      }),
      directory,
    );
    expect(made).to.deep.equal({
      body: {
        groups: [
          {
            id: 'main',
            isDefault: true,
            segments: [
              { text: 'one', media: [{ id: 'm1' }, { id: 'm2' }] },
              { text: 'two', media: [{ id: 'm3' }] },
            ],
          },
        ],
        targets: [
          {
            connectionId: 'x1',
            groupId: 'main',
            settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
            scheduledAt: '2030-01-01T09:00:00Z',
          },
          { connectionId: 'li', groupId: 'main', settings: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } }, scheduledAt: '2030-01-01T09:00:00Z' },
        ],
        intent: 'schedule',
      },
    });
  });

  it("one time per target, queue among them; a connection's own settings win over its platform's", () => {
    const made = postRowBody(
      row({
        text: 'x',
        targets: 'x1;x2',
        scheduledAt: 'queue; 2030-01-01T09:00:00Z',
        settings: '{"twitter": {"replyRestriction": "everyone"}, "x2": {"replyRestriction": "following"}}',
      }),
      directory,
    );
    expect('body' in made && made.body.targets).to.deep.equal([
      { connectionId: 'x1', groupId: 'main', settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } }, scheduledAt: null, queue: true },
      {
        connectionId: 'x2',
        groupId: 'main',
        settings: { platform: 'TWITTER', values: { replyRestriction: 'following' } },
        scheduledAt: '2030-01-01T09:00:00Z',
      },
    ]);
    expect('body' in made && made.body).not.to.have.property('intent');
  });

  it('names every cell it cannot read, by column', () => {
    const made = postRowBody(
      row({ text: 'one', targets: 'twitter;bluesky;nobody', scheduledAt: 'a;b', media: 'm1|m2', settings: '{"FACEBOOK": {}}' }),
      directory,
    );
    expect(made).to.deep.equal({
      problems: [
        { column: 'media', path: 'media', message: 'lists media for 2 segments, but the text has 1' },
        { column: 'targets', path: 'targets', message: 'twitter: the workspace has 2 active TWITTER connections; name one by its id (x1, x2)' },
        { column: 'targets', path: 'targets', message: 'bluesky: the workspace has no active BLUESKY connection' },
        { column: 'targets', path: 'targets', message: 'nobody is neither a connection of this workspace nor a platform name' },
        { column: 'scheduledAt', path: 'scheduledAt', message: 'lists 2 times for 0 targets: give one for all, or one per target in the order of targets' },
        { column: 'settings', path: 'settings.FACEBOOK', message: 'names FACEBOOK, which is neither the platform nor the connection of a target of this row' },
      ],
    });
    expect(postRowBody(row({ text: 'x', targets: 'li', settings: '[1]' }), directory)).to.deep.equal({
      problems: [{ column: 'settings', path: 'settings', message: 'must be a JSON object of settings values, by platform name or connection id' }],
    });
    expect(postRowBody(row({ text: 'x', targets: ' ; ' }), directory)).to.have.nested.property('problems[0].column', 'targets');
  });

  it('places a problem create names in its column', () => {
    expect(
      [
        'groups[0].segments[1].text',
        'groups[0].segments[0].media[2].id',
        'targets[1].settings.values.privacy',
        'targets[0].queue',
        'targets[0].scheduledAt',
        'targets[2].connectionId',
        'targets',
        'intent',
        '',
      ].map(columnOfPath),
    ).to.deep.equal(['text', 'media', 'settings', 'scheduledAt', 'scheduledAt', 'targets', 'targets', 'intent', null]);
  });
});
