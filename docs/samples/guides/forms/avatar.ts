import { IsOptional, IsString } from 'class-validator';
import { Controller, Form, IsFile, Put, type RouteContext } from 'next-app-controllers';

class AvatarForm {
  @IsFile({ maxSize: 1_000_000, mimeTypes: ['image/png', 'image/jpeg'] }) avatar!: File;
  @IsOptional() @IsFile({ mimeTypes: ['image/*'] }, { each: true }) extras?: File[];
  @IsOptional() @IsString() caption?: string;
}

@Controller('/users')
export class UsersController {
  @Put('/:id/avatar')
  async setAvatar(@Form(AvatarForm) { avatar }: AvatarForm, context: RouteContext) {
    const bytes = new Uint8Array(await avatar.arrayBuffer()); // or avatar.stream()
    return { id: context.params.id, name: avatar.name, type: avatar.type, size: avatar.size, read: bytes.length };
  }
}
