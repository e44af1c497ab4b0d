// The billing feature's public face: the return from a payment.
export { usePaymentReturn } from './use-payment-return';
