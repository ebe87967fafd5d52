export { createCommandApp } from './app';
export { MAIL_NOTIFY_CHANNEL } from './mail/outbox';
