/** The product version shown in the header and sent with feedback. */
export const APP_VERSION: string = __APP_VERSION__;
