import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { FieldError } from '../../http/errors';
import { Review } from './review.entity';

@InputType('ReviewInput')
export class ReviewInput {
  @Field(() => String)
  name!: string;

  @Field(() => Int)
  rating!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  fullReview!: string;
}

@ObjectType('CreateReviewPayload')
export class CreateReviewPayload {
  @Field(() => Review, { nullable: true })
  review!: Review | null;

  @Field(() => [FieldError])
  errors!: FieldError[];
}
