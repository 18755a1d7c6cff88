// /levels' text formats over HTTP: `view=` beside `format=`, and the text wrapped in JSON for a
// request whose Accept asks for JSON only, or for `view=` without a text type in Accept (the
// official client's requests, which cannot read text/plain). Each representation has its own ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelsResponseSchema, levelsTextResponseSchema } from '../../../src/shared/api/index.ts';
import { call, listenService, type Running } from '../../support/service-factory.ts';
import { expectError, valid } from './schema-assert.ts';

let svc: Running;
beforeAll(async () => {
  svc = await listenService();
});
afterAll(() => svc.close());

const levels = (query: string, accept?: string) =>
  call(svc.baseUrl, `/tickers/KO/levels${query}`, accept === undefined ? {} : { headers: { accept } });

describe('/levels text formats', () => {
  it.each(['tradingview', 'tos'] as const)(
    '%s: text for text, JSON { format, text } for JSON',
    async (format) => {
      const plain = await levels(`?format=${format}`, 'text/plain');
      expect(plain.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(plain.headers.get('vary')).toMatch(/accept/i);

      const wrapped = await levels(`?format=${format}`, 'application/json');
      expect(wrapped.headers.get('content-type')).toMatch(/^application\/json/);
      const body = valid(levelsTextResponseSchema, wrapped.json);
      expect(body.meta).toMatchObject({ ticker: 'KO', schema: 'svc.ticker.levels.v2' });
      expect(body.data).toMatchObject({ ticker: 'KO', format, content_type: 'text/plain; charset=utf-8' });
      expect(body.data.text).toBe(plain.text);
      expect(wrapped.headers.get('etag')).not.toBe(plain.headers.get('etag'));

      // view= is the same selector: the same text, and JSON when Accept states no preference
      const viewPlain = await levels(`?view=${format}`, 'text/plain');
      expect(viewPlain.text).toBe(plain.text);
      expect(viewPlain.headers.get('etag')).toBe(plain.headers.get('etag'));
      const viewAny = await levels(`?view=${format}`, '*/*');
      expect(valid(levelsTextResponseSchema, viewAny.json).data.text).toBe(plain.text);
      expect(viewAny.headers.get('etag')).toBe(wrapped.headers.get('etag'));
      // format= with no preference keeps the plain text it always answered
      expect((await levels(`?format=${format}`, '*/*')).text).toBe(plain.text);
    },
  );

  it('each format has its own ETag, and a 304 for its own', async () => {
    const replies = await Promise.all(
      ['?view=json', '?view=tradingview', '?view=tos'].map((q) => levels(q, '*/*')),
    );
    const etags = replies.map((r) => r.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);
    const again = await call(svc.baseUrl, '/tickers/KO/levels?view=tos', {
      headers: { accept: '*/*', 'if-none-match': String(etags[2]) },
    });
    expect(again.status).toBe(304);
  });

  it('view=json and the default are the JSON levels', async () => {
    const [byView, byDefault] = await Promise.all([levels('?view=json'), levels('')]);
    expect(valid(levelsResponseSchema, byView.json).data.levels.length).toBeGreaterThan(0);
    expect(byView.text).toBe(byDefault.text);
    expect(byView.headers.get('etag')).toBe(byDefault.headers.get('etag'));
  });

  it.each([
    ['?view=pdf', 'view'],
    ['?format=tos&view=tradingview', 'view'],
  ])('%s is a 400 naming %s', async (query, param) => {
    const error = expectError(await levels(query), 400, 'bad_request');
    expect(error.param).toBe(param);
  });

  it('/llm-spec publishes the view parameter and the wrapped schema', async () => {
    const spec = (await call(svc.baseUrl, '/llm-spec', { auth: 'none' })).json as {
      data: {
        endpoints: { path: string; params: { name: string }[] }[];
        json_schemas: Record<string, unknown>;
      };
    };
    const entry = spec.data.endpoints.find((e) => e.path === '/tickers/{ticker}/levels');
    expect(entry?.params.map((p) => p.name)).toEqual(expect.arrayContaining(['format', 'view']));
    expect(spec.data.json_schemas['svc.ticker.levels.v2#text']).toBeTypeOf('object');
  });
});

describe('demo headers', () => {
  it('/access names both spellings, and X-TV-Demo reads the demo set', async () => {
    const access = (await call(svc.baseUrl, '/access', { auth: 'none' })).json as {
      data: { demo: { headers: string[]; symbols: string[] } };
    };
    expect(access.data.demo.headers).toEqual(['X-Svc-Demo', 'X-TV-Demo']);
    for (const t of access.data.demo.symbols) {
      const r = await call(svc.baseUrl, `/tickers/${t}/signals`, {
        auth: 'none',
        headers: { 'x-tv-demo': '1' },
      });
      expect(r.status, t).toBe(200);
    }
  });
});
