import MDXComponents from '@theme-original/MDXComponents';
// The guides' own tabs (the classic ones, hydrated lazily: see the component).
// docusaurus-theme-openapi-docs replaces @theme/Tabs for its reference pages
// with a heavier one (about 7 KB gzipped more on every guide page).
import Tabs from '@site/src/components/GuideTabs';
import TabItem from '@site/src/components/GuideTabs/TabItem';
import VariableTable from '@site/src/components/VariableTable';
import PaymentMethodTable from '@site/src/components/PaymentMethodTable';
import SampleButton from '@site/src/components/SampleButton';
import TransactionTypesTable from '@site/src/components/SampleButton/TransactionTypesTable';
import SecurityExample from '@site/src/components/SecurityExample';
import ProductName, {ApiAddress, ConfigValue, ProductVar, SupportEmail} from '@site/src/components/ProductName';
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
  ApiAddress,
  TerminalCards,
  PluginDownloadCards,
  CurrencyTable,
  LanguageTable,
  PostDocumentTypeTable,
  DocumentCodeTable,
  ApprovalCodeTable,
  TestCardTable,
};
