/** English interface strings; the shape every other language follows. */
export const en = {
  common: { loading: 'Loading…' },
  header: { navigation: 'Main navigation', language: 'Language' },
  nav: { generate: 'Generate', editor: 'Pose editor' },
  notify: { dismiss: 'Dismiss' },
  home: {
    title: 'Pose it. Generate it.',
    lead: 'Posecraft lets you drag the joints of people and animals on a canvas, then generates images of them in exactly that pose.',
    cta: 'Start posing',
    steps: {
      pose: { title: 'Pose', text: 'Drag joints, hands and faces, or start from a photo.' },
      size: { title: 'Frame', text: 'Pick an aspect ratio and size, or a social network format.' },
      generate: { title: 'Generate', text: 'Describe the scene and get up to four images in your pose.' },
    },
  },
  panel: {
    title: 'Generate images',
    modifyPose: 'Modify Pose',
    openEditor: 'Open the pose editor',
    posePreviewAlt: 'Preview of the current pose',
    dimensions: 'Image Dimensions',
    aspectRatio: 'Aspect ratio',
    size: 'Size',
    more: 'More',
    sizes: { small: 'Small', medium: 'Medium', large: 'Large' },
    angleAdjustment: 'Angle adjustment',
    wide: 'Wide',
    length: 'Length',
    socials: 'Socials',
    count: 'Number of images',
    sizeInvalid: 'Enter a whole number from {{min}} to {{max}}; keeping {{value}}.',
  },
  generate: {
    title: 'Generate',
    summary: '{{count}} image(s) at {{width}} × {{height}}',
    prompt: 'Prompt',
    promptPlaceholder: 'Describe the image, e.g. a dancer on a rooftop at sunset',
    negativePrompt: 'Negative prompt',
    negativePlaceholder: 'What to leave out, e.g. blurry, extra limbs',
  },
  editor: { title: 'Pose editor', canvasSize: 'Canvas {{width}} × {{height}}' },
  login: { title: 'Sign in to Posecraft', text: 'Sign in to generate images and keep your history.' },
  auth: {
    signIn: 'Sign In',
    dialogTitle: 'Sign in to Posecraft',
    dialogText: 'Use your e-mail and password or your Google account.',
    close: 'Close',
    unavailable: 'Sign-in is unavailable right now. Please try again later.',
    account: 'Account of {{name}}',
    userCard: 'Your account',
    caption: 'Independent designer',
    logOut: 'Log out',
    personalMail: 'Personal mail',
    backToSignIn: 'Back to sign in',
  },
  notFound: { title: 'Page not found', text: 'There is no page at {{path}}.', home: 'Back to the home page' },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape of a complete translation. */
export type Translation = Widen<typeof en>;
