import { Arg, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { storeImage } from '../uploads/upload.service.js';
import type { GraphQLContext } from './context.js';

@ObjectType('UploadedImage')
export class UploadedImage {
  @Field(() => String)
  url!: string;
}

// Same rules as the REST upload (admin only, bytes sniffed, 10 MB): they live in storeImage.
@Resolver()
export class UploadResolver {
  @Mutation(() => UploadedImage)
  async uploadImage(@Arg('file', () => GraphQLUpload) file: Promise<FileUpload>, @Ctx() ctx: GraphQLContext) {
    const upload = await file;
    return storeImage(upload.createReadStream(), ctx.caller, ctx.deps.storage);
  }
}
