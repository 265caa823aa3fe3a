import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import { newsletterAdminService } from './newsletter-admin.service';
import { confirmedMessage, newsletterService, subscribedMessage, unsubscribedMessage } from './newsletter.service';

@ObjectType('NewsletterPayload')
export class NewsletterPayload extends MutationPayload {
  @Field(() => Boolean)
  subscribed!: boolean;

  @Field(() => String)
  message!: string;
}

@ObjectType('NewsletterConfirmPayload')
export class NewsletterConfirmPayload extends MutationPayload {
  @Field(() => Boolean)
  confirmed!: boolean;

  @Field(() => String, { nullable: true, description: 'The confirmed address (the link proves it is theirs).' })
  email!: string | null;

  @Field(() => String)
  message!: string;
}

@ObjectType('NewsletterUnsubscribePayload')
export class NewsletterUnsubscribePayload extends MutationPayload {
  @Field(() => Boolean)
  unsubscribed!: boolean;

  @Field(() => String)
  message!: string;
}

@ObjectType('NewsletterSubscriber', { simpleResolvers: true })
export class NewsletterSubscriberView {
  @Field(() => ID)
  id!: number;

  @Field(() => String)
  email!: string;

  @Field(() => String, { description: 'pending, confirmed or unsubscribed' })
  status!: string;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  confirmedAt!: Date | null;

  @Field(() => Date, { nullable: true })
  unsubscribedAt!: Date | null;

  @Field(() => Boolean, { description: 'Whether the 10% welcome code was sent.' })
  welcomeCodeSent!: boolean;
}

@ObjectType('NewsletterSubscriberFigures', { simpleResolvers: true })
export class NewsletterSubscriberFiguresView {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  pending!: number;

  @Field(() => Int)
  confirmed!: number;

  @Field(() => Int)
  unsubscribed!: number;
}

@ObjectType('AdminNewsletterSubscriberList', { simpleResolvers: true })
export class AdminNewsletterSubscriberListView {
  @Field(() => [NewsletterSubscriberView])
  subscribers!: NewsletterSubscriberView[];

  @Field(() => Int)
  totalCount!: number;

  @Field(() => NewsletterSubscriberFiguresView, { description: 'Over all subscriptions, whatever the search.' })
  figures!: NewsletterSubscriberFiguresView;
}

@Resolver()
export class NewsletterResolver {
  @Mutation(() => NewsletterPayload, {
    description: 'The footer form: e-mails a confirmation link (double opt-in); the same answer for every address.',
  })
  async subscribeToNewsletter(
    @Ctx() ctx: RequestContext,
    @Arg('email', () => String) email: string,
  ): Promise<NewsletterPayload> {
    const { errors } = await withExpectedFailures(() => newsletterService.subscribe(ctx, email));
    return { subscribed: errors.length === 0, message: errors[0]?.message ?? subscribedMessage, errors };
  }

  @Mutation(() => NewsletterConfirmPayload, {
    description: 'The link from the confirmation e-mail: confirms and sends the welcome code once.',
  })
  async confirmNewsletterSubscription(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String) token: string,
  ): Promise<NewsletterConfirmPayload> {
    const { value, errors } = await withExpectedFailures(() => newsletterService.confirm(ctx, token));
    return {
      confirmed: value !== null,
      email: value?.email ?? null,
      message: errors[0]?.message ?? confirmedMessage,
      errors,
    };
  }

  @Mutation(() => NewsletterUnsubscribePayload, {
    description: 'The unsubscribe page’s button (the token from the link in every newsletter e-mail).',
  })
  async unsubscribeFromNewsletter(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String) token: string,
  ): Promise<NewsletterUnsubscribePayload> {
    const { errors } = await withExpectedFailures(() => newsletterService.unsubscribe(ctx, token));
    return { unsubscribed: errors.length === 0, message: errors[0]?.message ?? unsubscribedMessage, errors };
  }

  @Authorized(Permission.SETTINGS)
  @Query(() => AdminNewsletterSubscriberListView, {
    description: 'Newsletter subscriptions newest first: search by address, filter by status.',
  })
  async adminNewsletterSubscribers(
    @Ctx() ctx: RequestContext,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('status', () => String, { nullable: true }) status?: string,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminNewsletterSubscriberListView> {
    return newsletterAdminService.list(ctx, { search, status, page: pageOf(limit, offset, 50) });
  }
}
