import MDXComponents from '@theme-original/MDXComponents';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import VariableTable from '@site/src/components/VariableTable';
import PaymentMethodTable from '@site/src/components/PaymentMethodTable';
import SampleButton from '@site/src/components/SampleButton';
import TransactionTypesTable from '@site/src/components/SampleButton/TransactionTypesTable';
import SecurityExample from '@site/src/components/SecurityExample';
import ProductName, {ConfigValue, ProductVar, SupportEmail} from '@site/src/components/ProductName';
import {PluginDownloadCards, TerminalCards} from '@site/src/components/ChannelCards';
import {ApprovalCodeTable, CurrencyTable, DocumentCodeTable, LanguageTable, PostDocumentTypeTable, TestCardTable} from '@site/src/components/EnumTable';

// Every Markdown page can use these without an import line.
export default {
  ...MDXComponents,
  Tabs,
  TabItem,
  VariableTable,
  PaymentMethodTable,
  SampleButton,
  TransactionTypesTable,
  SecurityExample,
  ProductName,
  ProductVar,
  SupportEmail,
  ConfigValue,
  TerminalCards,
  PluginDownloadCards,
  CurrencyTable,
  LanguageTable,
  PostDocumentTypeTable,
  DocumentCodeTable,
  ApprovalCodeTable,
  TestCardTable,
};
