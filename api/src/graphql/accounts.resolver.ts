import { Arg, Authorized, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { changeOwnPassword } from '../auth/auth.service.js';
import { createUser, deleteUser, listAdmins, resetPassword, setRole } from '../auth/accounts.service.js';
import { User } from '../auth/user.entity.js';
import type { GraphQLContext } from './context.js';

/** An admin and the password just given to them (shown once, never stored in clear). */
@ObjectType({ description: 'An admin and the password just given to them: shown once, never stored in clear.' })
class AdminWithPassword {
  @Field(() => User, { description: 'The account.' })
  user!: User;

  @Field(() => String, { description: 'The generated password; give it to the person, who should change it.' })
  password!: string;
}

// Accounts over GraphQL: thin adapters over the auth service (same rules as REST and the CLI).
@Resolver()
export class AccountsResolver {
  @Authorized('accounts')
  @Query(() => [User], { description: 'Every administrator (admins only).' })
  admins(@Ctx() ctx: GraphQLContext) {
    return listAdmins(ctx.em, ctx.caller);
  }

  @Authorized('accounts')
  @Mutation(() => AdminWithPassword, { description: 'Adds an account with a generated password (admins only; role: admin unless given).' })
  createAdmin(
    @Arg('username', () => String, { description: 'The sign-in name of the new account.' }) username: string,
    @Arg('role', () => String, { nullable: true, description: 'admin, editor or contributor (absent: admin).' }) role: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return createUser(ctx.em, ctx.caller, { username, role: role ?? undefined });
  }

  @Authorized('accounts')
  @Mutation(() => User, { description: "Changes an account's role: admin, editor or contributor (admins only; never the last admin's)." })
  setUserRole(
    @Arg('id', () => ID, { description: 'The id of the account.' }) id: string,
    @Arg('role', () => String, { description: 'admin, editor or contributor.' }) role: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return setRole(ctx.em, ctx.caller, id, role);
  }

  @Authorized('accounts')
  @Mutation(() => AdminWithPassword, { description: "Gives an administrator a new generated password and ends their sessions (admins only)." })
  resetAdminPassword(@Arg('username', () => String, { description: 'The sign-in name of the account.' }) username: string, @Ctx() ctx: GraphQLContext) {
    return resetPassword(ctx.em, ctx.caller, username);
  }

  @Authorized('accounts')
  @Mutation(() => Boolean, { description: 'Removes an administrator (admins only); true when done.' })
  async deleteAdmin(@Arg('username', () => String, { description: 'The sign-in name of the account.' }) username: string, @Ctx() ctx: GraphQLContext) {
    await deleteUser(ctx.em, ctx.caller, username);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Changes the signed-in administrator's password; true when done." })
  async changeOwnPassword(
    @Arg('currentPassword', () => String, { description: 'The password in use now.' }) currentPassword: string,
    @Arg('newPassword', () => String, { description: 'The password to use from now on.' }) newPassword: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    await changeOwnPassword(ctx.em, ctx.caller, { currentPassword, newPassword }, {
      keepSessionId: ctx.req.sessionID ?? null,
      ip: ctx.req.ip ?? 'unknown',
      limits: ctx.deps.config.loginLimits,
    });
    return true;
  }
}
