// The texts of SPEC §5 and §8 for the sign-in screens, in one place so the screens and their tests agree.
export const FILL_ALL_FIELDS = 'Please fill in all fields';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const ENTER_EMAIL = 'Please enter your email address';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const ENTER_ALL_DIGITS = 'Please enter all digits of the OTP';

export const LOGIN_FAILED = 'Login failed. Please check your credentials and try again.';
export const GOOGLE_LOGIN_FAILED = 'Google login failed. Please try again.';
export const GOOGLE_REGISTRATION_FAILED = 'Google registration failed. Please try again.';
export const SEND_CODE_FAILED = 'Failed to send verification code. Please try again.';
export const VERIFICATION_FAILED = 'Verification failed. Please try again.';
export const RESEND_FAILED = 'Failed to resend OTP. Please try again.';
export const CODE_RESENT = 'A new verification code has been sent to your email.';
/** The server answers alike for every address; an account holder's e-mail says how to sign in instead. */
export const ALREADY_REGISTERED_HINT =
  'Already have an account with this address? Then the e-mail tells you how to sign in or reset your password instead.';
export const RESET_REQUEST_FAILED = 'An error occurred. Please try again.';
export const RESET_FAILED = 'Password reset failed. Please try again.';
export const RESET_LINK_MISSING = 'This password reset link is incomplete. Please request a new one.';

/** SPEC §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const OTP_LENGTH = 6;
export const OTP_COUNTDOWN_SECONDS = 300;
export const INVALID_SERVER_RESPONSE = 'Invalid server response. Please try again.';

/** Issue 26: sign-in with a phone number and a texted code. */
export const CONTINUE_WITH_PHONE = 'Continue with phone number';
export const ENTER_PHONE = 'Please enter your phone number';
export const INVALID_PHONE = 'Please enter a valid Kenyan mobile number, e.g. +254712345678';
export const PHONE_CODE_RESENT = 'A new code has been sent to your phone.';
/** The server's cooldown when it does not say (it answers resendSeconds with each code). */
export const PHONE_RESEND_SECONDS = 60;
