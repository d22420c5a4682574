import { Arg, Authorized, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { storeImage } from '../uploads/upload.service.js';
import type { GraphQLContext } from './context.js';

@ObjectType('UploadedImage', { description: 'An image stored by uploadImage.' })
export class UploadedImage {
  @Field(() => String, { description: 'Its path on this site (/uploads/<name>), to put in a picture field.' })
  url!: string;
}

// Same rules as the REST upload (staff only, bytes sniffed, the size limit): they live in storeImage.
@Resolver()
export class UploadResolver {
  @Authorized('content.draft')
  @Mutation(() => UploadedImage, { description: 'Stores an image (staff: content.draft; JPEG, PNG, GIF or WebP, at most 10 MB, re-encoded).' })
  async uploadImage(@Arg('file', () => GraphQLUpload, { description: 'The file (GraphQL multipart request).' }) file: Promise<FileUpload>, @Ctx() ctx: GraphQLContext) {
    const upload = await file;
    return storeImage(ctx.em, ctx.caller, upload.createReadStream(), ctx.deps.storage);
  }
}
