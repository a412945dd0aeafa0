import { type Middleware } from 'koa';
import { type AppState } from '../state';
import { carriesBody, ClientError, refuseCompressed } from './clientError';
import { readRawBody } from './readRawBody';

const FORM = 'application/x-www-form-urlencoded';

/**
 * The body parser of the form surfaces (OAuth endpoints, pages): urlencoded only, read with a
 * size cap into a flat object of strings. A parameter given twice is refused rather than
 * guessed at (the OAuth endpoints must not accept repeated parameters, docs/surfaces.md), and
 * there is no nesting (`a[b]=c` is the key "a[b]"), so no handler ever meets an array or an
 * object where it expects text. A request without a body gets `{}`.
 */
export const formBody =
  (limitBytes: number): Middleware<AppState> =>
  async (ctx, next) => {
    if (!carriesBody(ctx)) {
      ctx.request.body = {};
      return next();
    }
    if (ctx.request.is(FORM) === false) throw new ClientError(415, `the body must be ${FORM}`);
    refuseCompressed(ctx);
    const raw = await readRawBody(ctx.req, limitBytes);
    const fields: Array<[string, string]> = [];
    const seen = new Set<string>();
    for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) {
      if (seen.has(name)) throw new ClientError(400, `the parameter '${name}' is given more than once`);
      seen.add(name);
      fields.push([name, value]);
    }
    // fromEntries defines own properties: a field named "__proto__" stays a plain field.
    ctx.request.body = Object.fromEntries(fields);
    await next();
  };
