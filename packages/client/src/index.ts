export { ApiError, fieldIssues, type ClientErrorCode } from './api-error';
export { errorText, type ErrorTexts } from './error-text';
export {
  createHttpClient,
  queryString,
  type GetOptions,
  type HttpClient,
  type Method,
  type Query,
  type RequestBody,
  type Sent,
} from './http-client';
export { i18nCode, LANGUAGE_OPTIONS, setUpI18n, useLanguage, type I18nOptions } from './i18n';
export { createQueryClient } from './query-client';
export { createStorage, type StorageKind } from './storage';
export { createSessionState, createStore, type Store } from './store';
