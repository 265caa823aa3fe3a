import {
  Arg,
  Authorized,
  Ctx,
  Field,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
  registerEnumType,
} from 'type-graphql';
import { MutationPayload, withExpectedFailures } from '../../core/payload';
import type { RequestContext } from '../../core/request-context';
import { pageOf } from '../../shared/pagination';
import { Permission } from '../accounts/guards';
import { BackInStockChannel } from './back-in-stock-request.entity';
import { askedMessage, backInStockService, stoppedMessage } from './back-in-stock.service';
import { cartRemindersService, remindersStoppedMessage } from './cart-reminders.service';

registerEnumType(BackInStockChannel, { name: 'BackInStockChannel', description: 'How a waiting shopper is told.' });

@ObjectType('BackInStockPayload')
export class BackInStockPayload extends MutationPayload {
  @Field(() => Boolean)
  asked!: boolean;

  @Field(() => BackInStockChannel, { nullable: true, description: 'How the shopper will be told.' })
  channel!: BackInStockChannel | null;

  @Field(() => String)
  message!: string;
}

@ObjectType('StopMessagesPayload')
export class StopMessagesPayload extends MutationPayload {
  @Field(() => Boolean)
  stopped!: boolean;

  @Field(() => String)
  message!: string;
}

@ObjectType('WantedSize', { simpleResolvers: true })
export class WantedSizeView {
  @Field(() => Int)
  variantId!: number;

  @Field(() => Int)
  productId!: number;

  @Field(() => String)
  productName!: string;

  @Field(() => String, { description: 'As the shop names the size: "50 ml · Eau de Parfum".' })
  sizeLabel!: string;

  @Field(() => Int, { description: 'On the shelf now.' })
  quantity!: number;

  @Field(() => Int, { description: 'Shoppers waiting to be told it is back.' })
  waiting!: number;

  @Field(() => Date, { description: 'When the longest-waiting shopper asked.' })
  waitingSince!: Date;
}

@ObjectType('AdminMostWantedSizes', { simpleResolvers: true })
export class AdminMostWantedSizesView {
  @Field(() => [WantedSizeView])
  sizes!: WantedSizeView[];

  @Field(() => Int)
  totalCount!: number;
}

@Resolver()
export class DemandResolver {
  @Mutation(() => BackInStockPayload, {
    description:
      '"Notify me when back" on a sold-out size: the contact typed (an e-mail or a Kenyan mobile), else the ' +
      "signed-in shopper's own, by the channel chosen. One message, once, when the size is back.",
  })
  async askBackInStock(
    @Ctx() ctx: RequestContext,
    @Arg('variantId', () => Int) variantId: number,
    @Arg('channel', () => BackInStockChannel, { nullable: true }) channel?: BackInStockChannel,
    @Arg('contact', () => String, { nullable: true }) contact?: string,
  ): Promise<BackInStockPayload> {
    const { value, errors } = await withExpectedFailures(() =>
      backInStockService.ask(ctx, variantId, channel, contact),
    );
    return {
      asked: value !== null,
      channel: value?.channel ?? null,
      message: errors[0]?.message ?? askedMessage,
      errors,
    };
  }

  @Mutation(() => StopMessagesPayload, {
    description: "The stop page's button (the link in a back-in-stock e-mail): the address waits for no more sizes.",
  })
  async stopBackInStockMessages(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String) token: string,
  ): Promise<StopMessagesPayload> {
    const { errors } = await withExpectedFailures(() => backInStockService.stop(ctx, token));
    return { stopped: errors.length === 0, message: errors[0]?.message ?? stoppedMessage, errors };
  }

  @Mutation(() => StopMessagesPayload, {
    description: "The cart page's button (the link in a cart reminder): the account gets no more cart reminders.",
  })
  async stopCartReminders(
    @Ctx() ctx: RequestContext,
    @Arg('token', () => String) token: string,
  ): Promise<StopMessagesPayload> {
    const { errors } = await withExpectedFailures(() => cartRemindersService.stop(ctx, token));
    return { stopped: errors.length === 0, message: errors[0]?.message ?? remindersStoppedMessage, errors };
  }

  // Stock work: staff restock what shoppers wait for (decision 0102).
  @Authorized(Permission.STOCK)
  @Query(() => AdminMostWantedSizesView, {
    description: 'Sizes shoppers wait for ("Notify me when back"), the most waited for first.',
  })
  async adminMostWantedSizes(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 20 }) limit?: number,
    @Arg('offset', () => Int, { nullable: true, defaultValue: 0 }) offset?: number,
  ): Promise<AdminMostWantedSizesView> {
    return backInStockService.mostWanted(ctx, pageOf(limit, offset, 20));
  }
}
