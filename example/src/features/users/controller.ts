import { ApiOperation, ApiResponse, ApiTags, Controller, Form, Get, HttpCode, NotFoundError, Post, Put, UnauthorizedError, type RouteContext } from 'next-app-controllers';
import { MemoryStore } from '@/lib/memory-store';
import { AvatarForm, SignUpForm, UserDto } from './dto';

interface UserRecord {
  id: string;
  name: string;
  email: string;
  age?: number;
  newsletter: boolean;
  avatar?: { name: string; type: string; size: number };
}

const users = new MemoryStore<UserRecord>([{ name: 'Ada', email: 'ada@example.com', newsletter: false }]);

function found(context: RouteContext): UserRecord {
  const user = users.get(context.params.id);
  if (!user) throw new NotFoundError(`User ${context.params.id} not found`);
  return user;
}

// Form routes: @Form takes multipart/form-data and application/x-www-form-urlencoded, and answers 415 to JSON.
// @Body routes stay JSON-only, so a cross-site HTML form can post only where a route says @Form (README "Forms and uploads").
@ApiTags('users')
@Controller('/users')
export class UsersController {
  @Post('')
  @HttpCode(201)
  @ApiOperation({ summary: 'Sign up from an HTML form (urlencoded or multipart)' })
  @ApiResponse({ status: 201, type: UserDto })
  signUp(@Form(SignUpForm) form: SignUpForm) {
    return users.insert({ name: form.name, email: form.email, age: form.age, newsletter: form.newsletter ?? false });
  }

  // Before '/:id', which would capture "me". The example's "session" is a cookie holding a user id: enough to show a
  // server component passing the browser's cookie on (src/app/typed/me/page.tsx), not a way to sign anyone in.
  @Get('/me')
  @ApiOperation({ summary: 'The signed-in user: the one whose id the session cookie holds' })
  @ApiResponse({ status: 200, type: UserDto })
  @ApiResponse({ status: 401, description: 'No session cookie, or an unknown one' })
  me(context: RouteContext) {
    const session = /(?:^|;\s*)session=([^;]*)/.exec(context.request.headers.get('cookie') ?? '')?.[1];
    const user = session === undefined ? undefined : users.get(decodeURIComponent(session));
    if (!user) throw new UnauthorizedError('Not signed in');
    return user;
  }

  @Get('/:id')
  @ApiOperation({ summary: 'One user' })
  @ApiResponse({ status: 200, type: UserDto })
  findOne(context: RouteContext) {
    return found(context);
  }

  @Put('/:id/avatar')
  @ApiOperation({ summary: 'Upload an avatar (PNG or JPEG, at most 1 MB, multipart/form-data)' })
  @ApiResponse({ status: 200, type: UserDto })
  setAvatar(@Form(AvatarForm) { avatar }: AvatarForm, context: RouteContext) {
    const user = found(context);
    return users.update(user.id, { avatar: { name: avatar.name, type: avatar.type, size: avatar.size } });
  }
}
