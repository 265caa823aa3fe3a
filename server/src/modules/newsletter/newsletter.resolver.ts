import { Arg, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import type { RequestContext } from '../../core/request-context';
import { newsletterService, subscribedMessage } from './newsletter.service';

@ObjectType('NewsletterPayload')
export class NewsletterPayload extends MutationPayload {
  @Field(() => Boolean)
  subscribed!: boolean;

  @Field(() => String)
  message!: string;
}

@Resolver()
export class NewsletterResolver {
  @Mutation(() => NewsletterPayload, { description: 'Stores the address for the newsletter (the footer form).' })
  async subscribeToNewsletter(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
  ): Promise<NewsletterPayload> {
    const { errors } = await withExpectedFailures(() => newsletterService.subscribe(ctx, email));
    return { subscribed: errors.length === 0, message: errors[0]?.message ?? subscribedMessage, errors };
  }
}
