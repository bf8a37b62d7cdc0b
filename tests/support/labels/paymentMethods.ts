import {labelsOf} from '../labels';

export default labelsOf('paymentMethods');
