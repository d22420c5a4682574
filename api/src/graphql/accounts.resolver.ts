import { Arg, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { changeOwnPassword, createUser, deleteUser, listAdmins, resetPassword } from '../auth/auth.service.js';
import { User } from '../auth/user.entity.js';
import type { GraphQLContext } from './context.js';

/** An admin and the password just given to them (shown once, never stored in clear). */
@ObjectType()
class AdminWithPassword {
  @Field(() => User)
  user!: User;

  @Field(() => String)
  password!: string;
}

// Accounts over GraphQL: thin adapters over the auth service (same rules as REST and the CLI).
@Resolver()
export class AccountsResolver {
  @Query(() => [User])
  admins(@Ctx() ctx: GraphQLContext) {
    return listAdmins(ctx.em, ctx.caller);
  }

  @Mutation(() => AdminWithPassword)
  createAdmin(@Arg('username', () => String) username: string, @Ctx() ctx: GraphQLContext) {
    return createUser(ctx.em, ctx.caller, { username });
  }

  @Mutation(() => AdminWithPassword)
  resetAdminPassword(@Arg('username', () => String) username: string, @Ctx() ctx: GraphQLContext) {
    return resetPassword(ctx.em, ctx.caller, username);
  }

  @Mutation(() => Boolean)
  async deleteAdmin(@Arg('username', () => String) username: string, @Ctx() ctx: GraphQLContext) {
    await deleteUser(ctx.em, ctx.caller, username);
    return true;
  }

  @Mutation(() => Boolean)
  async changeOwnPassword(
    @Arg('currentPassword', () => String) currentPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    await changeOwnPassword(ctx.em, ctx.caller, { currentPassword, newPassword }, ctx.req.sessionID ?? null);
    return true;
  }
}
