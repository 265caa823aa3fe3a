import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Permission, rolePermissions } from './guards';
import { Viewer } from './viewer';

/** What the signed-in person's role allows, so the client hides what it cannot do; the server still checks each call. */
@Resolver(() => Viewer)
export class ViewerPermissionsResolver {
  @FieldResolver(() => [Permission], {
    description: "What this account's role may do in the admin area; empty for a shopper.",
  })
  permissions(@Root() viewer: Viewer): readonly Permission[] {
    return rolePermissions(viewer.role);
  }
}
