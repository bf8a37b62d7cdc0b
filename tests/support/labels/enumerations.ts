import {labelsOf} from '../labels';

export default labelsOf('enumerations');
