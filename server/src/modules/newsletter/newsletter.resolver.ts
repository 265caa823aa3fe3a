import { Arg, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import { AppError, FieldError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { newsletterService, subscribedMessage } from './newsletter.service';

@ObjectType('NewsletterPayload')
export class NewsletterPayload {
  @Field(() => Boolean)
  subscribed!: boolean;

  @Field(() => String)
  message!: string;

  @Field(() => [FieldError])
  errors!: FieldError[];
}

@Resolver()
export class NewsletterResolver {
  @Mutation(() => NewsletterPayload, { description: 'Stores the address for the newsletter (the footer form).' })
  async subscribeToNewsletter(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
  ): Promise<NewsletterPayload> {
    try {
      await newsletterService.subscribe(ctx, email);
      return { subscribed: true, message: subscribedMessage, errors: [] };
    } catch (error) {
      if (error instanceof AppError && error.code === 'BAD_USER_INPUT') {
        return { subscribed: false, message: error.message, errors: error.fieldErrors };
      }
      throw error;
    }
  }
}
