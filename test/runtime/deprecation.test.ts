import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IsString } from 'class-validator';
import { Body, Controller, Deprecated, Get, HttpError, Post, Use, Version, createApplication, type Middleware } from '../../runtime/index';
import { deprecationHeaders } from '../../runtime/dispatch/deprecation';
import { request } from './helpers';

class NoteDto {
  @IsString()
  text!: string;
}

const SUNSET = 'Wed, 30 Jun 2027 23:59:59 GMT';

@Deprecated({ sunset: '2027-06-30T23:59:59Z', link: 'https://example.com/docs/notes-v2' })
@Controller('/notes')
class NotesController {
  @Get('')
  list() {
    return ['a'];
  }

  @Post('')
  create(@Body(NoteDto) body: NoteDto) {
    return body;
  }

  @Get('/missing')
  missing(): never {
    throw new HttpError(404, 'No such note');
  }

  @Get('/crash')
  crash(): never {
    throw new Error('boom');
  }

  @Get('/later')
  async later(): Promise<never> {
    await null;
    throw new HttpError(409, 'Not now');
  }

  @Get('/linked')
  linked() {
    return new Response('{}', { headers: { link: '</api/notes>; rel="self"' } });
  }

  @Get('/fetched')
  fetched() {
    // A Response whose headers cannot change, as fetch() gives.
    return Response.redirect('http://localhost/api/notes', 302);
  }

  @Get('/since')
  @Deprecated({ since: new Date('2026-01-01T00:00:00Z') })
  since() {
    return 'since';
  }
}

@Controller('/current')
class CurrentController {
  @Get('')
  current() {
    return 'current';
  }

  @Get('/old')
  @Deprecated()
  old() {
    return 'old';
  }
}

const app = () => createApplication({ controllers: [NotesController, CurrentController], onError: () => {} });
const deprecationOf = (response: Response) => ['deprecation', 'sunset', 'link'].map((name) => response.headers.get(name));

const headers = suite('@Deprecated: the response headers');

headers('a deprecated route answers Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="deprecation"', async () => {
  const response = await request(app(), 'GET', '/api/notes');
  assert.is(response.status, 200);
  assert.equal(deprecationOf(response), ['@0', SUNSET, '<https://example.com/docs/notes-v2>; rel="deprecation"']);
});

headers('without since, Deprecation is @0 (deprecated already); with since, its Unix seconds; a method decorator replaces the class one', async () => {
  assert.equal(deprecationOf(await request(app(), 'GET', '/api/current/old')), ['@0', null, null]);
  assert.equal(deprecationOf(await request(app(), 'GET', '/api/notes/since')), [`@${Date.UTC(2026, 0, 1) / 1000}`, null, null]);
});

headers('a route that is not deprecated sends none of them', async () => {
  assert.equal(deprecationOf(await request(app(), 'GET', '/api/current')), [null, null, null]);
  assert.equal(deprecationOf(await request(app(), 'GET', '/api/nothing')), [null, null, null]);
});

headers("the route's error answers carry them too: a 422, a thrown HttpError, a 500", async () => {
  const api = app();
  const invalid = await request(api, 'POST', '/api/notes', { headers: { 'content-type': 'application/json' }, body: '{"text":1}' });
  assert.is(invalid.status, 422);
  assert.equal(deprecationOf(invalid)[0], '@0');
  const missing = await request(api, 'GET', '/api/notes/missing');
  assert.is(missing.status, 404);
  assert.equal(deprecationOf(missing), ['@0', SUNSET, '<https://example.com/docs/notes-v2>; rel="deprecation"']);
  const crash = await request(api, 'GET', '/api/notes/crash');
  assert.is(crash.status, 500);
  assert.is(crash.headers.get('deprecation'), '@0');
  // Thrown after an await: the route's promise rejects.
  const later = await request(api, 'GET', '/api/notes/later');
  assert.is(later.status, 409);
  assert.is(later.headers.get('deprecation'), '@0');
});

headers("a Link the route sends is kept beside rel=\"deprecation\"; a response whose headers cannot change is copied", async () => {
  const linked = await request(app(), 'GET', '/api/notes/linked');
  assert.is(linked.headers.get('link'), '</api/notes>; rel="self", <https://example.com/docs/notes-v2>; rel="deprecation"');
  const redirect = await request(app(), 'GET', '/api/notes/fetched');
  assert.is(redirect.status, 302);
  assert.is(redirect.headers.get('location'), 'http://localhost/api/notes');
  assert.is(redirect.headers.get('deprecation'), '@0');
});

headers('route middleware and global middleware run inside: what they answer for the route is marked too', async () => {
  const refuse: Middleware = () => new Response('no', { status: 401 });
  @Deprecated({ sunset: new Date(Date.UTC(2030, 0, 1)) })
  @Controller('/guarded')
  class Guarded {
    @Get('')
    @Use(refuse)
    guarded() {
      return 'never';
    }
  }
  const api = createApplication({ controllers: [Guarded] }).use(async (_context, next) => {
    const response = await next();
    response.headers.set('x-global', 'yes');
    return response;
  });
  const response = await request(api, 'GET', '/api/guarded');
  assert.is(response.status, 401);
  assert.is(response.headers.get('x-global'), 'yes');
  assert.equal(deprecationOf(response), ['@0', 'Tue, 01 Jan 2030 00:00:00 GMT', null]);
  const head = await request(api, 'HEAD', '/api/guarded');
  assert.is(head.headers.get('deprecation'), '@0');
});

headers('with versioning: only the deprecated version of a route says so', async () => {
  @Deprecated({ sunset: '2027-01-01' })
  @Version('1')
  @Controller('/items')
  class ItemsV1 {
    @Get('')
    list() {
      return 'v1';
    }
  }
  @Version('2')
  @Controller('/items')
  class ItemsV2 {
    @Get('')
    list() {
      return 'v2';
    }
  }
  const api = createApplication({ controllers: [ItemsV1, ItemsV2], versioning: { type: 'header', header: 'X-API-Version' } });
  assert.equal(deprecationOf(await request(api, 'GET', '/api/items', { headers: { 'x-api-version': '1' } })), ['@0', 'Fri, 01 Jan 2027 00:00:00 GMT', null]);
  assert.equal(deprecationOf(await request(api, 'GET', '/api/items', { headers: { 'x-api-version': '2' } })), [null, null, null]);
});

headers('deprecationHeaders: the values, in that order', () => {
  assert.equal(deprecationHeaders({ since: '2023-06-30T23:59:59Z', sunset: '2024-06-30T23:59:59Z', link: 'https://example.com/d' }), [
    ['deprecation', '@1688169599'],
    ['sunset', 'Sun, 30 Jun 2024 23:59:59 GMT'],
    ['link', '<https://example.com/d>; rel="deprecation"'],
  ]);
});

const refusals = suite('@Deprecated: what createApplication refuses');

refusals('a date that does not parse names the route and the forms it takes', () => {
  @Controller('/bad')
  class Bad {
    @Get('')
    @Deprecated({ sunset: 'next spring' })
    list() {
      return [];
    }
  }
  assert.throws(
    () => createApplication({ controllers: [Bad] }),
    (error: Error) => error.message === `Bad.list: @Deprecated takes dates as a Date or a string such as '2027-06-30', got "next spring".`,
  );
  @Deprecated({ since: new Date('nope') })
  @Controller('/worse')
  class Worse {
    @Get('')
    list() {
      return [];
    }
  }
  assert.throws(() => createApplication({ controllers: [Worse] }), /^Worse\.list: @Deprecated takes dates as a Date or a string such as '2027-06-30', got null\.$/);
});

headers.run();
refusals.run();
