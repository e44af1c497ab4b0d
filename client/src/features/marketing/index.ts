// The marketing feature's public face: the public pages' header and footer.
export { MarketingFooter, MarketingHeader } from './marketing-layout';
