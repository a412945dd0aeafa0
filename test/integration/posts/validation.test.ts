import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  bearer,
  create,
  created,
  draftBody,
  expectError,
  expectValidation,
  group,
  media,
  segment,
  startPostsWorld,
  target,
  type Json,
  type PostsWorld,
} from './postsFixture';

/** A body edited in place by a test case; the default is a valid Twitter draft with one photo. */
type Edit = (body: Json & { groups: Json[]; targets: Json[] }) => void;
const seg0 = (b: { groups: Json[] }) => (b.groups[0]!.segments as Json[])[0]!;
const media0 = (b: { groups: Json[] }) => (seg0(b).media as Json[])[0]!;
const target0 = (b: { targets: Json[] }) => b.targets[0]!;
const settings0 = (b: { targets: Json[] }) => target0(b).settings as Json;

for (const kind of DATABASE_KINDS) {
  describe(`posts: request body validation on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    /** A valid Twitter draft whose segment carries one media item, deep-copied per case. */
    const base = () =>
      JSON.parse(JSON.stringify(draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('Hi', [media(w.media.photo)])])] }))) as Json & {
        groups: Json[];
        targets: Json[];
      };
    const send = async (edit: Edit) => {
      const body = base();
      edit(body);
      return create(w, body);
    };

    it('accepts the base body (so every refusal below is caused by its one change)', async () => {
      const post = await created(w, base());
      expect(post.status).to.equal('draft');
    });

    describe('unknown properties are refused at every level', () => {
      const cases: [string, Edit, string, string][] = [
        [
          'the post',
          (b) => {
            b.extra = 1;
          },
          'extra',
          'invalid_body',
        ],
        [
          'a group',
          (b) => {
            b.groups[0]!.extra = 1;
          },
          'groups[0].extra',
          'invalid_body',
        ],
        [
          'a segment',
          (b) => {
            seg0(b).extra = 1;
          },
          'groups[0].segments[0].extra',
          'invalid_body',
        ],
        [
          'a media item',
          (b) => {
            media0(b).extra = 1;
          },
          'groups[0].segments[0].media[0].extra',
          'invalid_body',
        ],
        [
          'a target',
          (b) => {
            target0(b).extra = 1;
          },
          'targets[0].extra',
          'invalid_body',
        ],
        [
          'target settings',
          (b) => {
            settings0(b).extra = 1;
          },
          'targets[0].settings.extra',
          'invalid_body',
        ],
        [
          'settings.values',
          (b) => {
            (settings0(b).values as Json).extra = 1;
          },
          'targets[0].settings.values.extra',
          'invalid_post',
        ],
        [
          'settings.values (a key of another platform)',
          (b) => {
            (settings0(b).values as Json).privacy = 'PUBLIC';
          },
          'targets[0].settings.values.privacy',
          'invalid_post',
        ],
      ];
      for (const [where, edit, path, code] of cases) {
        it(`on ${where}: 422 ${code} naming ${path}`, async () => expectValidation(await send(edit), code, [path]));
      }

      const responseOnly: [string, unknown][] = [
        ['id', 'tgt_1'],
        ['status', 'published'],
        ['platformPostId', 'p1'],
        ['platformPostUrl', 'https://x.test/1'],
        ['postedAt', '2030-01-01T00:00:00.000Z'],
        ['error', null],
        ['attempts', 0],
      ];
      for (const [field, value] of responseOnly) {
        it(`refuses the response-only target field ${field}`, async () =>
          expectValidation(
            await send((b) => {
              target0(b)[field] = value;
            }),
            'invalid_body',
            [`targets[0].${field}`],
          ));
      }
    });

    describe('wrong types', () => {
      const cases: [string, Edit, string, string?][] = [
        [
          'groups is an object',
          (b) => {
            (b as Json).groups = {};
          },
          'groups',
        ],
        [
          'targets is a string',
          (b) => {
            (b as Json).targets = 'TWITTER';
          },
          'targets',
        ],
        [
          'group id is a number',
          (b) => {
            b.groups[0]!.id = 1;
          },
          'groups[0].id',
        ],
        [
          'isDefault is the string "true"',
          (b) => {
            b.groups[0]!.isDefault = 'true';
          },
          'groups[0].isDefault',
        ],
        [
          'segments is an object',
          (b) => {
            b.groups[0]!.segments = { text: 'x' };
          },
          'groups[0].segments',
        ],
        [
          'a segment is a string',
          (b) => {
            b.groups[0]!.segments = ['hello'];
          },
          'groups[0].segments[0]',
        ],
        [
          'text is a number',
          (b) => {
            seg0(b).text = 42;
          },
          'groups[0].segments[0].text',
        ],
        [
          'media is null',
          (b) => {
            seg0(b).media = null;
          },
          'groups[0].segments[0].media',
        ],
        [
          'delayMinutes is the string "5"',
          (b) => {
            seg0(b).delayMinutes = '5';
          },
          'groups[0].segments[0].delayMinutes',
        ],
        [
          'delayMinutes is a boolean',
          (b) => {
            seg0(b).delayMinutes = true;
          },
          'groups[0].segments[0].delayMinutes',
        ],
        [
          'media id is a number',
          (b) => {
            media0(b).id = 7;
          },
          'groups[0].segments[0].media[0].id',
        ],
        [
          'altText is a number',
          (b) => {
            media0(b).altText = 7;
          },
          'groups[0].segments[0].media[0].altText',
        ],
        [
          'thumbnailMediaId is an object',
          (b) => {
            media0(b).thumbnailMediaId = {};
          },
          'groups[0].segments[0].media[0].thumbnailMediaId',
        ],
        [
          'thumbnailTimestamp is a boolean',
          (b) => {
            media0(b).thumbnailTimestamp = false;
          },
          'groups[0].segments[0].media[0].thumbnailTimestamp',
        ],
        [
          'connectionId is a number',
          (b) => {
            target0(b).connectionId = 1;
          },
          'targets[0].connectionId',
        ],
        [
          'groupId is null',
          (b) => {
            target0(b).groupId = null;
          },
          'targets[0].groupId',
        ],
        [
          'settings is a string',
          (b) => {
            target0(b).settings = 'TWITTER';
          },
          'targets[0].settings',
        ],
        [
          'settings.platform is a number',
          (b) => {
            settings0(b).platform = 3;
          },
          'targets[0].settings.platform',
        ],
        [
          'settings.values is an array',
          (b) => {
            settings0(b).values = [];
          },
          'targets[0].settings.values',
        ],
        [
          'scheduledAt is a number',
          (b) => {
            target0(b).scheduledAt = Date.now();
          },
          'targets[0].scheduledAt',
        ],
        [
          'intent is a number',
          (b) => {
            b.intent = 1;
          },
          'intent',
        ],
        [
          'externalSubmissionId is a number',
          (b) => {
            b.externalSubmissionId = 5;
          },
          'externalSubmissionId',
        ],
        [
          'submitForReview is "yes"',
          (b) => {
            b.submitForReview = 'yes';
          },
          'submitForReview',
        ],
        [
          'a settings value has the wrong type',
          (b) => {
            (settings0(b).values as Json).replyRestriction = 5;
          },
          'targets[0].settings.values.replyRestriction',
          'invalid_post',
        ],
      ];
      for (const [what, edit, path, code = 'invalid_body'] of cases) {
        it(`${what}: 422 ${code} naming ${path}, once`, async () => {
          const res = await send(edit);
          expectValidation(res, code, [path]);
          expect(
            (res.body.error.details as { path: string }[]).filter((d) => d.path === path),
            JSON.stringify(res.body.error.details),
          ).to.have.length(1);
        });
      }

      it('gives a field of the wrong type one message, its type\'s: "text": 42 must be a string, not also shorter than 100000 characters', async () => {
        const res = await send((b) => {
          seg0(b).text = 42;
          media0(b).altText = 7;
          b.groups[0]!.id = 1;
        });
        expectValidation(res, 'invalid_body', []);
        expect(res.body.error.details).to.have.deep.members([
          { path: 'groups[0].id', message: 'must be a string' },
          { path: 'groups[0].segments[0].text', message: 'must be a string' },
          { path: 'groups[0].segments[0].media[0].altText', message: 'must be a string' },
        ]);
      });

      it('refuses a JSON array or string body for posts.create with 422 naming the body', async () => {
        expectValidation(await create(w, [draftBody(w)]), 'invalid_body', ['']);
        const res = await w.api.post(w.posts).set(bearer(w.key)).set('Content-Type', 'application/json').send('"hello"');
        expect(res.status).to.equal(422);
      });

      it('refuses an array or a scalar where an item object belongs, at every level (never a 500)', async () => {
        const cases: [string, Json, string][] = [
          // The path names the list; the message says each item must be an object.
          ['a group', { groups: [[]] }, 'groups'],
          ['a segment', { groups: [{ id: DEFAULT_GROUP_ID, isDefault: true, segments: [[]] }] }, 'groups[0].segments'],
          ['a media item', { groups: [group(DEFAULT_GROUP_ID, true, [segment('x', [['m'] as never])])] }, 'groups[0].segments[0].media'],
          ['a target', { targets: [[]] }, 'targets'],
          ['a target (number)', { targets: [7] }, 'targets'],
        ];
        for (const [what, edit, path] of cases) {
          const res = await create(w, draftBody(w, edit));
          expect(res.status, `${what}: ${JSON.stringify(res.body)}`).to.equal(422);
          expectValidation(res, 'invalid_body', [path]);
        }
        const bulk = await w.api
          .post(`${w.posts}/bulk`)
          .set(bearer(w.key))
          .send([draftBody(w, { groups: [[]] })])
          .expect(200);
        expect(bulk.body[0]).to.deep.include({ index: 0, ok: false });
        expect(bulk.body[0].error.code).to.equal('invalid_body');
      });

      it('refuses a body that is not declared JSON with 415 unsupported_media_type', async () => {
        const res = await w.api
          .post(w.posts)
          .set(bearer(w.key))
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify(draftBody(w)));
        expectError(res, 415, 'UnsupportedMediaTypeError', 'unsupported_media_type');
      });
    });

    describe('enums', () => {
      const cases: [string, Edit, string, string][] = [
        [
          'intent',
          (b) => {
            b.intent = 'later';
          },
          'intent',
          'invalid_body',
        ],
        [
          'source',
          (b) => {
            b.source = 'web';
          },
          'source',
          'invalid_body',
        ],
        [
          'settings.platform',
          (b) => {
            settings0(b).platform = 'MYSPACE';
          },
          'targets[0].settings.platform',
          'invalid_post',
        ],
        [
          'settings.platform in lower case',
          (b) => {
            settings0(b).platform = 'twitter';
          },
          'targets[0].settings.platform',
          'invalid_post',
        ],
        [
          'TWITTER replyRestriction',
          (b) => {
            (settings0(b).values as Json).replyRestriction = 'nobody';
          },
          'targets[0].settings.values.replyRestriction',
          'invalid_post',
        ],
      ];
      for (const [what, edit, path, code] of cases) {
        it(`refuses an unknown ${what}: 422 ${code} naming ${path}`, async () => expectValidation(await send(edit), code, [path]));
      }

      for (const intent of ['draft', null] as const) {
        it(`intent ${String(intent)} makes a draft`, async () => {
          expect((await created(w, draftBody(w, { intent }))).status).to.equal('draft');
        });
      }
      for (const source of ['app', 'api', 'automation'] as const) {
        it(`keeps source ${source} when the body names it`, async () => {
          expect((await created(w, draftBody(w, { source }))).source).to.equal(source);
        });
      }
    });

    describe('required fields', () => {
      const cases: [string, Edit, string][] = [
        [
          'groups',
          (b) => {
            delete (b as Json).groups;
          },
          'groups',
        ],
        [
          'targets',
          (b) => {
            delete (b as Json).targets;
          },
          'targets',
        ],
        [
          'group id',
          (b) => {
            delete b.groups[0]!.id;
          },
          'groups[0].id',
        ],
        [
          'isDefault',
          (b) => {
            delete b.groups[0]!.isDefault;
          },
          'groups[0].isDefault',
        ],
        [
          'segments',
          (b) => {
            delete b.groups[0]!.segments;
          },
          'groups[0].segments',
        ],
        [
          'segment text',
          (b) => {
            delete seg0(b).text;
          },
          'groups[0].segments[0].text',
        ],
        [
          'segment media',
          (b) => {
            delete seg0(b).media;
          },
          'groups[0].segments[0].media',
        ],
        [
          'media id',
          (b) => {
            delete media0(b).id;
          },
          'groups[0].segments[0].media[0].id',
        ],
        [
          'connectionId',
          (b) => {
            delete target0(b).connectionId;
          },
          'targets[0].connectionId',
        ],
        [
          'groupId',
          (b) => {
            delete target0(b).groupId;
          },
          'targets[0].groupId',
        ],
        [
          'settings',
          (b) => {
            delete target0(b).settings;
          },
          'targets[0].settings',
        ],
        [
          'settings.platform',
          (b) => {
            delete settings0(b).platform;
          },
          'targets[0].settings.platform',
        ],
        [
          'settings.values',
          (b) => {
            delete settings0(b).values;
          },
          'targets[0].settings.values',
        ],
        [
          'scheduledAt (absent, not null)',
          (b) => {
            delete target0(b).scheduledAt;
          },
          'targets[0].scheduledAt',
        ],
      ];
      for (const [field, edit, path] of cases) {
        it(`refuses a body without ${field}: 422 naming ${path}`, async () => expectValidation(await send(edit), 'invalid_body', [path]));
      }

      it('accepts scheduledAt null, and the optional fields absent or null', async () => {
        const post = await created(w, {
          groups: [
            group(DEFAULT_GROUP_ID, true, [
              segment('x', [media(w.media.photo, { altText: null, thumbnailMediaId: null, thumbnailTimestamp: null })], { delayMinutes: null }),
            ]),
          ],
          targets: [target(w, 'TWITTER', { scheduledAt: null })],
          intent: null,
          source: null,
          externalSubmissionId: null,
          submitForReview: null,
        });
        expect(post.targets[0]!.scheduledAt).to.equal(null);
        expect(post.source).to.equal('api');
        expect(post.externalSubmissionId).to.equal(null);
      });

      it('reports every problem at once', async () => {
        const res = await send((b) => {
          delete b.groups[0]!.id;
          seg0(b).text = 1;
          delete target0(b).groupId;
        });
        expectValidation(res, 'invalid_body', ['groups[0].id', 'groups[0].segments[0].text', 'targets[0].groupId']);
      });
    });

    describe('NaN, Infinity and -Infinity where a finite number is needed', () => {
      for (const special of ['NaN', 'Infinity', '-Infinity']) {
        it(`refuses delayMinutes "${special}" with 422 naming it`, async () =>
          expectValidation(
            await send((b) => {
              seg0(b).delayMinutes = special;
            }),
            'invalid_post',
            ['groups[0].segments[0].delayMinutes'],
          ));
        it(`refuses thumbnailTimestamp "${special}" with 422 naming it`, async () =>
          expectValidation(
            await send((b) => {
              media0(b).thumbnailTimestamp = special;
            }),
            'invalid_post',
            ['groups[0].segments[0].media[0].thumbnailTimestamp'],
          ));
      }
      it('refuses negative values', async () => {
        expectValidation(
          await send((b) => {
            seg0(b).delayMinutes = -1;
          }),
          'invalid_post',
          ['groups[0].segments[0].delayMinutes'],
        );
        expectValidation(
          await send((b) => {
            media0(b).thumbnailTimestamp = -0.5;
          }),
          'invalid_post',
          ['groups[0].segments[0].media[0].thumbnailTimestamp'],
        );
      });
      it('keeps finite fractional values as numbers', async () => {
        const post = await created(w, {
          groups: [
            group(DEFAULT_GROUP_ID, true, [
              segment('x', [media(w.media.photo, { thumbnailTimestamp: 1.25, thumbnailMediaId: w.media.photo, altText: 'alt' })], { delayMinutes: 2.5 }),
            ]),
          ],
          targets: [target(w, 'TWITTER')],
        });
        const stored = (await w.api.get(`${w.posts}/${post.id}`).set(bearer(w.key)).expect(200)).body;
        expect(stored.groups[0].segments[0]).to.deep.equal({
          text: 'x',
          delayMinutes: 2.5,
          media: [{ id: w.media.photo, altText: 'alt', thumbnailMediaId: w.media.photo, thumbnailTimestamp: 1.25 }],
        });
      });
    });

    describe('malformed and oversized bodies', () => {
      it('answers 422 invalid_json to a body that is not JSON', async () => {
        const res = await w.api.post(w.posts).set(bearer(w.key)).set('Content-Type', 'application/json').send('{"groups": [');
        expectError(res, 422, 'ValidationError', 'invalid_json');
      });
      it('names the body (path "") in details of a 422 invalid_json', async () => {
        for (const raw of ['{"groups": [', 'null']) {
          const res = await w.api.post(w.posts).set(bearer(w.key)).set('Content-Type', 'application/json').send(raw);
          expectValidation(res, 'invalid_json', ['']);
        }
      });
      it('answers 422 invalid_json to a JSON null body', async () => {
        const res = await w.api.post(w.posts).set(bearer(w.key)).set('Content-Type', 'application/json').send('null');
        expectError(res, 422, 'ValidationError', 'invalid_json');
      });
      it('answers 413 payload_too_large to a body over 1 MiB, and stores nothing', async () => {
        const before = (await w.api.get(w.posts).set(bearer(w.key)).expect(200)).body.total;
        const big = draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('a'.repeat(1024 * 1024))])] });
        expectError(await create(w, big), 413, 'PayloadTooLargeError', 'payload_too_large');
        expect((await w.api.get(w.posts).set(bearer(w.key)).expect(200)).body.total).to.equal(before);
      });
      it('accepts a body just under 1 MiB (the limit is about bytes, the text rules answer 422)', async () => {
        const res = await create(w, draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('a'.repeat(1000 * 1000))])] }));
        expect(res.status).to.equal(422); // a megabyte of text is beyond every platform's limit, but not a 413
        expect(res.body.error.code).to.not.equal('payload_too_large');
      });
      it('never answers 500 to an empty object', async () => {
        expectValidation(await create(w, {}), 'invalid_body', ['groups', 'targets']);
      });
    });
  });
}
