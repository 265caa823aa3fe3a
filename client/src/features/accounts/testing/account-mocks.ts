import type { OperationVariables } from '@apollo/client';
import type { MockLink } from '@apollo/client/testing';
import {
  LoginDocument,
  LoginWithGoogleDocument,
  type LoginMutation,
  type LoginMutationVariables,
  type LoginWithGoogleMutation,
} from '../api/login.generated';
import {
  RequestPasswordResetDocument,
  ResetPasswordDocument,
  type RequestPasswordResetMutation,
  type ResetPasswordMutation,
  type ResetPasswordMutationVariables,
} from '../api/password-reset.generated';
import {
  RegisterDocument,
  RequestSignupCodeDocument,
  VerifySignupCodeDocument,
  type RegisterMutation,
  type RegisterMutationVariables,
  type RequestSignupCodeMutation,
  type VerifySignupCodeMutation,
  type VerifySignupCodeMutationVariables,
} from '../api/signup.generated';
import type { Viewer } from '../../../shared/session/viewer';

type Extra<TData, TVariables extends OperationVariables = OperationVariables> = Partial<
  MockLink.MockedResponse<TData, TVariables>
>;

export interface FieldErrorData {
  field: string;
  code: string;
  message: string;
}

const fieldErrors = (errors: FieldErrorData[]) =>
  errors.map((error) => ({ __typename: 'FieldError' as const, ...error }));

function authPayload(viewer: Viewer | null, errors: FieldErrorData[]) {
  return { __typename: 'AuthPayload' as const, viewer, errors: fieldErrors(errors) };
}

function actionResult(ok: boolean, message: string, errors: FieldErrorData[]) {
  return { __typename: 'ActionResult' as const, ok, message, errors: fieldErrors(errors) };
}

/** A GraphQL error as the server throws it (e.g. a rate limit), not an expected failure carried as data. */
export function graphQLErrorResult(message: string, code = 'TOO_MANY_REQUESTS') {
  return { errors: [{ message, extensions: { code } }] };
}

export function loginMock(
  variables: LoginMutationVariables,
  outcome: { viewer?: Viewer | null; errors?: FieldErrorData[] },
  extra: Extra<LoginMutation, LoginMutationVariables> = {},
): MockLink.MockedResponse<LoginMutation, LoginMutationVariables> {
  return {
    request: { query: LoginDocument, variables },
    result: { data: { login: authPayload(outcome.viewer ?? null, outcome.errors ?? []) } },
    ...extra,
  };
}

export function loginWithGoogleMock(
  credential: string,
  outcome: { viewer?: Viewer | null; errors?: FieldErrorData[] },
  extra: Extra<LoginWithGoogleMutation> = {},
): MockLink.MockedResponse<LoginWithGoogleMutation> {
  return {
    request: { query: LoginWithGoogleDocument, variables: { credential } },
    result: { data: { loginWithGoogle: authPayload(outcome.viewer ?? null, outcome.errors ?? []) } },
    ...extra,
  };
}

export function requestSignupCodeMock(
  email: string,
  outcome: { hash?: string | null; errors?: FieldErrorData[] },
  extra: Extra<RequestSignupCodeMutation> = {},
): MockLink.MockedResponse<RequestSignupCodeMutation> {
  return {
    request: { query: RequestSignupCodeDocument, variables: { email } },
    result: {
      data: {
        requestSignupCode: {
          __typename: 'CodeChallenge',
          hash: outcome.hash ?? null,
          errors: fieldErrors(outcome.errors ?? []),
        },
      },
    },
    ...extra,
  };
}

export function verifySignupCodeMock(
  variables: VerifySignupCodeMutationVariables,
  outcome: { ok: boolean; message?: string; errors?: FieldErrorData[] },
  extra: Extra<VerifySignupCodeMutation, VerifySignupCodeMutationVariables> = {},
): MockLink.MockedResponse<VerifySignupCodeMutation, VerifySignupCodeMutationVariables> {
  return {
    request: { query: VerifySignupCodeDocument, variables },
    result: {
      data: { verifySignupCode: actionResult(outcome.ok, outcome.message ?? '', outcome.errors ?? []) },
    },
    ...extra,
  };
}

export function registerMock(
  input: RegisterMutationVariables['input'],
  outcome: { viewer?: Viewer | null; errors?: FieldErrorData[] },
  extra: Extra<RegisterMutation, RegisterMutationVariables> = {},
): MockLink.MockedResponse<RegisterMutation, RegisterMutationVariables> {
  return {
    request: { query: RegisterDocument, variables: { input } },
    result: { data: { register: authPayload(outcome.viewer ?? null, outcome.errors ?? []) } },
    ...extra,
  };
}

export function requestPasswordResetMock(
  email: string,
  outcome: { ok: boolean; message: string; errors?: FieldErrorData[] },
  extra: Extra<RequestPasswordResetMutation> = {},
): MockLink.MockedResponse<RequestPasswordResetMutation> {
  return {
    request: { query: RequestPasswordResetDocument, variables: { email } },
    result: { data: { requestPasswordReset: actionResult(outcome.ok, outcome.message, outcome.errors ?? []) } },
    ...extra,
  };
}

export function resetPasswordMock(
  variables: ResetPasswordMutationVariables,
  outcome: { viewer?: Viewer | null; errors?: FieldErrorData[] },
  extra: Extra<ResetPasswordMutation, ResetPasswordMutationVariables> = {},
): MockLink.MockedResponse<ResetPasswordMutation, ResetPasswordMutationVariables> {
  return {
    request: { query: ResetPasswordDocument, variables },
    result: { data: { resetPassword: authPayload(outcome.viewer ?? null, outcome.errors ?? []) } },
    ...extra,
  };
}
