export * from './travel-estimate';
export * from './uk-postcode';
export * from './travel-view';
