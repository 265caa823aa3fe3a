import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor } from '@testing-library/react';
import { createViewer } from '../../../shared/session/testing/viewer-mocks';
import { savePendingAddToCart, clearPendingAddToCart } from '../../../shared/cart/pending-add-to-cart';
import {
  RegisterWithPhoneDocument,
  RequestPhoneCodeDocument,
  VerifyPhoneCodeDocument,
} from '../api/phone-sign-in.generated';
import { renderAccountPage } from '../testing/render-account-page';
import { PhoneSignInPage } from './phone-sign-in-page';

const problem = (field: string, code: string, message: string) => ({
  __typename: 'FieldError' as const,
  field,
  code,
  message,
});

function codeMock(
  phone: string,
  answer: { hash: string | null; errors?: ReturnType<typeof problem>[] },
): MockLink.MockedResponse {
  return {
    request: { query: RequestPhoneCodeDocument, variables: { phone } },
    result: {
      data: {
        requestPhoneCode: {
          __typename: 'PhoneCodeChallenge',
          hash: answer.hash,
          resendSeconds: answer.hash ? 60 : null,
          errors: answer.errors ?? [],
        },
      },
    },
  };
}

function verifyMock(
  variables: { phone: string; otp: string; hash: string },
  answer: {
    newAccount?: boolean;
    viewer?: ReturnType<typeof createViewer> | null;
    errors?: ReturnType<typeof problem>[];
  },
): MockLink.MockedResponse {
  return {
    request: { query: VerifyPhoneCodeDocument, variables },
    result: {
      data: {
        verifyPhoneCode: {
          __typename: 'PhoneVerification',
          newAccount: answer.newAccount ?? false,
          viewer: answer.viewer ?? null,
          errors: answer.errors ?? [],
        },
      },
    },
  };
}

const typeCode = async (user: ReturnType<typeof renderAccountPage>['user'], code: string) => {
  const boxes = within6();
  await user.click(boxes[0]!);
  await user.keyboard(code);
};
const within6 = () => screen.getAllByRole('textbox', { name: /Digit \d of 6/ });

afterEach(() => clearPendingAddToCart());

describe('PhoneSignInPage', () => {
  it('texts a code, and a known number is signed in and sent where it was headed', async () => {
    const viewer = createViewer({ email: null, phone: '+254712345678' });
    const { user, location, cachedViewer } = renderAccountPage(<PhoneSignInPage />, {
      path: '/phone-sign-in',
      at: { pathname: '/phone-sign-in', state: { from: '/my-orders' } },
      mocks: [
        codeMock('0712 345 678', { hash: 'hash-1' }),
        verifyMock(
          { phone: '0712 345 678', otp: '123456', hash: 'hash-1' },
          { errors: [problem('otp', 'INVALID_CODE', 'Invalid or expired code.')] },
        ),
        verifyMock({ phone: '0712 345 678', otp: '123457', hash: 'hash-1' }, { viewer }),
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your phone number');
    expect(screen.getByLabelText('Phone number')).toHaveFocus();

    await user.type(screen.getByLabelText('Phone number'), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/Enter the 6-digit code we texted to/)).toHaveTextContent('0712 345 678');
    // The server's minute, counting down from when the code was sent (a slow machine may have ticked already).
    expect(screen.getByRole('timer')).toHaveTextContent(/^(1:00|0:5\d)$/);
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();

    await typeCode(user, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code.');

    await typeCode(user, '123457');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location().href).toBe('/my-orders'));
    expect(cachedViewer()).toMatchObject({ id: viewer.id, phone: '+254712345678' });
  });

  it('asks a new number only for a name, then returns to the page whose Add to Cart sent the guest away', async () => {
    const viewer = createViewer({ id: '9', email: null, phone: '+254722000111', first: 'Akinyi', last: 'Otieno' });
    savePendingAddToCart({ productId: 4, quantity: 2, variantId: 11, from: '/product/4?size=11' });
    const { user, location } = renderAccountPage(<PhoneSignInPage />, {
      path: '/phone-sign-in',
      mocks: [
        codeMock('0722000111', { hash: 'hash-2' }),
        verifyMock({ phone: '0722000111', otp: '654321', hash: 'hash-2' }, { newAccount: true }),
        {
          request: {
            query: RegisterWithPhoneDocument,
            variables: { input: { phone: '0722000111', hash: 'hash-2', first: 'Akinyi', last: 'Otieno' } },
          },
          result: { data: { registerWithPhone: { __typename: 'AuthPayload', viewer, errors: [] } } },
        },
      ],
    });

    await user.type(screen.getByLabelText('Phone number'), '0722000111');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(/Enter the 6-digit code/);
    await typeCode(user, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(/is verified\. What is your name\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    await user.type(screen.getByLabelText('First name'), 'Akinyi');
    await user.type(screen.getByLabelText('Last name'), 'Otieno');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().href).toBe('/product/4?size=11'));
  });

  it("shows the server's refusal of a number on the phone field", async () => {
    const { user } = renderAccountPage(<PhoneSignInPage />, {
      path: '/phone-sign-in',
      mocks: [
        codeMock('12345', {
          hash: null,
          errors: [problem('phone', 'INVALID_PHONE', 'Please enter a valid Kenyan mobile number, e.g. +254712345678')],
        }),
      ],
    });
    await user.type(screen.getByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid Kenyan mobile number, e.g. +254712345678',
    );
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
  });
});
