import { expect } from 'chai';
import { DemoFake } from './demoFake';

describe('PlatformFake: the base every platform fake configures', () => {
  let fake: DemoFake;
  let token: string;
  const tweet = (body: unknown = { text: 'hi' }, bearer = token) =>
    fetch(`${fake.baseUrl}/2/tweets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeEach(async () => {
    fake = await DemoFake.start();
    token = fake.state.issueTokens('u1', ['tweet.read', 'tweet.write', 'users.read']).accessToken;
  });
  afterEach(() => fake.stop());

  it('records a request, routes it by the operation id, and finds nothing to report when it and the answer keep to the description', async () => {
    expect((await tweet()).status).to.equal(201);
    expect(fake.received.map((r) => `${r.method} ${r.path}`)).to.deep.equal(['POST /2/tweets']);
    expect(fake.requestsTo('POST', '/2/tweets')).to.equal(1);
    fake.expectNoViolations();
  });

  it('answers a request the description does not allow as the platform refuses one, keeps the violation, and reports it once', async () => {
    const answer = await tweet({ text: 'hi', reply_settings: 'everyone' });
    expect(answer.status).to.equal(400);
    expect(fake.violations).to.deep.equal([
      {
        operation: 'createPosts',
        field: 'body.reply_settings',
        rule: 'must be one of "following", "mentionedUsers", "subscribers", "verified"',
        request: 'POST /2/tweets',
      },
    ]);
    expect(() => fake.expectNoViolations()).to.throw(
      'The Demo fake found what X API v2 2.167 (x-openapi.json) does not allow:\n  POST /2/tweets → createPosts: body.reply_settings: must be one of',
    );
    fake.expectNoViolations();
  });

  it('holds a token to the scopes its connect flow asked for (403 here), an unknown path to the description (404), and says when it lacks a described operation', async () => {
    const narrow = fake.state.issueTokens('u1', ['tweet.read']).accessToken;
    expect((await tweet({ text: 'hi' }, narrow)).status).to.equal(403);
    expect((await fetch(`${fake.baseUrl}/1.1/statuses/update.json`, { method: 'POST' })).status).to.equal(404);
    expect((await fetch(`${fake.baseUrl}/2/users/by/username/ada`, { headers: { Authorization: `Bearer ${token}` } })).status).to.equal(404);
    expect(fake.violations.map((v) => `${v.field}: ${v.rule}`)).to.deep.equal([
      'scope: missing tweet.write, users.read: OAuth2UserToken needs tweet.write, tweet.read, users.read; the connect flow asked for tweet.read',
      'operation: X API v2 2.167 (x-openapi.json) describes no operation POST /1.1/statuses/update.json',
      'operation: the Demo fake does not implement it',
    ]);
  });

  it('checks its own answers: a body the response schema refuses is the fake’s bug, reported as such', async () => {
    await fake.stop();
    fake = await DemoFake.start((call) => call.answer(201, { data: { id: 'not-digits' } }));
    await tweet();
    expect(() => fake.expectNoViolations()).to.throw(/the fake's answer to POST \/2\/tweets → createPosts: answer\.data\.text: required/);
  });

  it('an endpoint the description does not cover is routed by method and path, unchecked', async () => {
    expect(await (await fetch(`${fake.baseUrl}/health`)).text()).to.equal('ok');
    fake.expectNoViolations();
  });

  it('scripted answers, by METHOD /path prefix or by operation id, each for the next match only; a platform’s named ones', async () => {
    fake.answerNext('POST /2/tw', { kind: 'answer', answer: { status: 503, body: { code: 130, message: 'Over capacity' } } });
    fake.answerNext('createPosts', { kind: 'teapot' });
    expect([(await tweet()).status, (await tweet()).status, (await tweet()).status]).to.deep.equal([503, 418, 201]);
  });

  it('stall: recorded, never answered; dropAfterRecording: recorded, the connection closed; dropBeforeRecording: never seen', async () => {
    fake.answerNext('createPosts', { kind: 'stall' });
    const stalled = await fetch(`${fake.baseUrl}/2/tweets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"text":"stalled"}',
      signal: AbortSignal.timeout(200),
    }).catch((error: Error) => error.name);
    expect(stalled).to.equal('TimeoutError');
    fake.answerNext('createPosts', { kind: 'dropAfterRecording' });
    expect(await tweet({ text: 'dropped' }).catch(() => 'no answer')).to.equal('no answer');
    fake.answerNext('POST /2/tweets', { kind: 'dropBeforeRecording' });
    expect(await tweet({ text: 'never seen' }).catch(() => 'no answer')).to.equal('no answer');
    expect(fake.received.map((r) => JSON.parse(r.body.toString()).text)).to.deep.equal(['stalled', 'dropped']);
  });

  it('a handler that throws: a 500, and the fake’s bug reported', async () => {
    await fake.stop();
    fake = await DemoFake.start(() => {
      throw new Error('boom');
    });
    expect((await tweet()).status).to.equal(500);
    expect(() => fake.expectNoViolations()).to.throw(/createPosts: handler: threw Error: boom/);
  });
});
