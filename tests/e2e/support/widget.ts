import type { Page } from '@playwright/test';

/** Password every end-to-end user signs up with. */
export const PASSWORD = 'secret123';
let counter = 0;
/** A fresh e-mail address for one test. */
export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${counter++}@example.com`;

/** The FirebaseUI widget, in the modal or on /login (its buttons share names with the header's). */
export const widget = (page: Page) => page.getByTestId('sign-in-widget');

/** Starts the widget's e-mail flow and submits the address. */
export async function enterEmail(page: Page, email: string) {
  await widget(page).getByRole('button', { name: 'Sign in with email' }).click();
  await widget(page).getByLabel('Email').fill(email);
  await widget(page).getByRole('button', { name: 'Next' }).click();
}

/** Signs up a new user through the widget with e-mail and password. */
export async function signUpInWidget(page: Page, email: string, name: string) {
  await enterEmail(page, email);
  await widget(page).getByLabel('First & last name').fill(name);
  await widget(page).getByLabel('Choose password').fill(PASSWORD);
  await widget(page).getByRole('button', { name: 'Save' }).click();
}

/** Signs in through the widget with e-mail and password. */
export async function signInInWidget(page: Page, email: string, password: string) {
  await enterEmail(page, email);
  await widget(page).getByLabel('Password').fill(password);
  await widget(page).getByRole('button', { name: 'Sign In' }).click();
}
