// The billing feature's public face: the return from a payment, its code loaded when it happens.
export { PaymentReturn } from './payment-return';
