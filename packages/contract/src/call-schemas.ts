import type { z } from 'zod';
import type { CallId } from './call-routes.js';
import {
  chatJoinRequest,
  checkAuthCodeQuery,
  checkLicenseQuery,
  findMemberIdAnswer,
  findMemberIdQuery,
  findMemberPwRequest,
  joinRequest,
  loginAnswer,
  loginRequest,
  outboxAnswer,
  outboxQuery,
  phoneCodeRequestQuery,
} from './auth.js';
import { emptyAnswer } from './envelope.js';
import {
  favoritesAnswer,
  favoritesRequest,
  productMarkAnswer,
  productMarkRequest,
  productMarksAnswer,
} from './favorites.js';
import {
  addQuickOrderToCartAnswer,
  addQuickOrderToCartRequest,
  reorderAnswer,
  reorderRequest,
  resolveQuickOrderAnswer,
  resolveQuickOrderRequest,
} from './quick-order.js';
import { myVehiclesAnswer, myVehicleWriteAnswer, removeMyVehicleRequest, saveMyVehicleRequest } from './vehicles.js';
import { notifySettingsAnswer, setNotifySettingsRequest } from './notify.js';
import { mallConfigAnswer } from './mall.js';
import {
  bodyPartsAnswer,
  epcToProductAnswer,
  epcToProductRequest,
  inquiryAnswer,
  inquiryRequest,
  noticeAnswer,
  noticeRequest,
  productAnswer,
  productDetailRequest,
  productHomeRequest,
  productListAnswer,
  suggestAnswer,
  suggestRequest,
} from './products.js';
import {
  importXrefsAnswer,
  importXrefsRequest,
  saveSynonymRequest,
  synonymAnswer,
  synonymListAnswer,
  xrefAnswer,
  xrefFields,
  xrefListRequest,
  xrefPageAnswer,
  xrefSeqRequest,
} from './part-admin.js';
import {
  addressListRequest,
  buyAnswer,
  buyOrCartForm,
  cartListRequest,
  cartPageAnswer,
  cartWriteAnswer,
  deliveryInfoAnswer,
  orderAnswer,
  orderEventsAnswer,
  orderListRequest,
  orderMoveRequest,
  orderPageAnswer,
  orderSeqRequest,
  paymentAnswer,
  paymentRequest,
  returnOrderRequest,
  savedAddressRequest,
  savedSeqAnswer,
  shippingAddressPageAnswer,
  updateCartQuantityRequest,
  cartLineJobRefRequest,
} from './orders.js';
import {
  cashPaymentRequest,
  gatewayCallbackAnswer,
  gatewayConfirmation,
  licensePaymentRequest,
  paymentHistoryRequest,
  paymentPageAnswer,
  paymentWindowAnswer,
  pendingTransfersAnswer,
  pendingTransfersRequest,
} from './member-payments.js';
import {
  companyInfoAnswer,
  memberWriteAnswer,
  securityNumberAnswer,
  seqRequest,
  updateCompanyInfoRequest,
  updateMyInfoRequest,
  updateMyPasswordRequest,
  withdrawCheckAnswer,
  withdrawRequest,
} from './member.js';
import {
  memberListRequest,
  memberPageAnswer,
  memberStateRequest,
  memberTypeRequest,
  passwordResetAnswer,
  saveMemberRequest,
} from './member-accounts.js';
import {
  epcConfigAnswer,
  epcConfigRequest,
  epcGroupAnswer,
  epcGroupRequest,
  epcHistoryAnswer,
  epcHistoryRequest,
  epcHotKeyAnswer,
  epcHotKeyRequest,
  epcInitAnswer,
  epcPartSearchAnswer,
  epcPartSearchRequest,
  epcPartsAnswer,
  epcPartsRequest,
  epcReplaceAnswer,
  epcReplaceRequest,
  epcStructureAnswer,
  epcStructureRequest,
  epcVinAnswer,
  epcVinRequest,
} from './epc-calls.js';
import {
  chatFileLinkAnswer,
  chatFileLinkRequest,
  chatUploadAnswer,
  qrLoginCodeAnswer,
  qrLoginRequest,
} from './chat.js';
import { healthAnswer, tossWebhook, tossWebhookAnswer } from './providers.js';
import {
  adjustCashRequest,
  adjustLicenseRequest,
  adminPaymentPageAnswer,
  balanceAnswer,
  companyDetailAnswer,
  companyIdRequest,
  companyListRequest,
  companyPageAnswer,
  confirmDepositAnswer,
  paymentListRequest,
  setCompanyLevelRequest,
  setMemberStatusRequest,
} from './admin-companies.js';
import { adminConfigAnswer, configFields } from './admin-config.js';
import {
  adminInquiryAnswer,
  adminNoticeAnswer,
  adminNoticeListRequest,
  adminNoticePageAnswer,
  inquiryAnswerRequest,
  inquiryListRequest,
  inquiryPageAnswer,
  saveNoticeRequest,
} from './admin-notices.js';
import {
  adminOrderDetailAnswer,
  adminOrderListRequest,
  adminOrderPageAnswer,
  adminSeqRequest,
  bulkShipAnswer,
  bulkShipRequest,
  csvAnswer,
} from './admin-orders.js';
import {
  adminProductAnswer,
  adminProductListRequest,
  adminProductPageAnswer,
  catalogueReportAnswer,
  changeStockRequest,
  importProductsAnswer,
  importProductsRequest,
  saveProductRequest,
  uploadCatalogueRequest,
  uploadProductImageRequest,
} from './admin-products.js';
import { adminWriteAnswer } from './admin.js';
import {
  auditListRequest,
  auditPageAnswer,
  createStaffRequest,
  dashboardAnswer,
  newPasswordAnswer,
  setStaffStatusRequest,
  staffListAnswer,
} from './admin-staff.js';
import { jobListRequest, jobPageAnswer, retryJobAnswer, retryJobRequest } from './jobs.js';
import {
  adminTaxInvoiceAnswer,
  adminTaxInvoiceListRequest,
  adminTaxInvoicePageAnswer,
  cashLedgerAnswer,
  cashLedgerExportRequest,
  cashLedgerRequest,
  companyInvoiceInfoAnswer,
  companyInvoiceInfoRequest,
  documentAnswer,
  monthlyStatementRequest,
  orderStatementRequest,
  taxInvoiceActionRequest,
  taxInvoiceListRequest,
  taxInvoicePageAnswer,
} from './paperwork.js';
// tracking: carrier tracking of shipped orders
import { orderTrackingAnswer, orderTrackingRequest, trackingWebhook, trackingWebhookAnswer } from './tracking.js';

/**
 * The schemas of the table of calls (calls.ts), keyed by the same ids: what each call is sent (the
 * JSON `body` of a POST or the `query` of a GET; neither when it takes no input, `multipart` for an
 * upload) and its `answer` on success. The server registers each route with them, the OpenAPI
 * document is generated from them, and the web's client and the tests' client are typed by them.
 * A call missing here is a type error (`satisfies Record<CallId, …>`). Kept apart from calls.ts so
 * that the web imports the plain table at run time and these only as types (and in development).
 */
export interface CallSchema {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /**
   * A multipart upload (its fields are described by the table's `upload`); with a `body` too, the
   * call takes either the JSON body or a multipart form (quick order: pasted text or a file).
   */
  readonly multipart?: true;
  readonly answer: z.ZodType;
}

export const CALL_SCHEMAS = {
  healthz: { answer: healthAnswer },
  readyz: { answer: healthAnswer },
  login: { body: loginRequest, answer: loginAnswer },
  logout: { answer: emptyAnswer },
  checkLicense: { query: checkLicenseQuery, answer: emptyAnswer },
  mobileVerification: { query: phoneCodeRequestQuery, answer: emptyAnswer },
  checkAuthCode: { query: checkAuthCodeQuery, answer: emptyAnswer },
  mobileVerificationInq: { query: phoneCodeRequestQuery, answer: emptyAnswer },
  findMemberId: { query: findMemberIdQuery, answer: findMemberIdAnswer },
  findMemberPw: { body: findMemberPwRequest, answer: emptyAnswer },
  join: { body: joinRequest, answer: emptyAnswer },
  chatJoin: { body: chatJoinRequest, answer: loginAnswer },
  getMallConfig: { answer: mallConfigAnswer },
  getProductHome: { body: productHomeRequest, answer: productListAnswer },
  getProductHomeDetail: { body: productDetailRequest, answer: productAnswer },
  suggestProducts: { body: suggestRequest, answer: suggestAnswer },
  getProductInfo: { body: productDetailRequest, answer: productAnswer },
  getEpcToProduct: { body: epcToProductRequest, answer: epcToProductAnswer },
  getMallNotice: { body: noticeRequest, answer: noticeAnswer },
  registerInquiry: { body: inquiryRequest, answer: inquiryAnswer },
  getCarInfo: { answer: bodyPartsAnswer },
  addToBuy: { body: buyOrCartForm, answer: buyAnswer },
  addToCart: { body: buyOrCartForm, answer: cartWriteAnswer },
  getMallCartInfo: { body: cartListRequest, answer: cartPageAnswer },
  updateCartQuantity: { body: updateCartQuantityRequest, answer: cartWriteAnswer },
  getMallOrderInfo: { body: orderListRequest, answer: orderPageAnswer },
  getMallOrderDetail: { body: orderSeqRequest, answer: orderAnswer },
  requestPaymentProduct: { body: paymentRequest, answer: paymentAnswer },
  cancelMallOrder: { body: orderSeqRequest, answer: orderAnswer },
  returnMallOrder: { body: returnOrderRequest, answer: orderAnswer },
  adminSetOrderStatus: { body: orderMoveRequest, answer: orderAnswer },
  adminGetOrderEvents: { body: orderSeqRequest, answer: orderEventsAnswer },
  getMyShippingInfo: { body: addressListRequest, answer: shippingAddressPageAnswer },
  setMallShppingInfo: { body: savedAddressRequest, answer: savedSeqAnswer },
  setMallShippingBasic: { body: seqRequest, answer: emptyAnswer },
  stateShippingInfo: { body: seqRequest, answer: emptyAnswer },
  getDeliInfo: { answer: deliveryInfoAnswer },
  updateMyInfo: { body: updateMyInfoRequest, answer: loginAnswer },
  updateMyPassword: { body: updateMyPasswordRequest, answer: memberWriteAnswer },
  updateMyCompanyInfo: { body: updateCompanyInfoRequest, answer: companyInfoAnswer },
  resolveQuickOrder: { body: resolveQuickOrderRequest, multipart: true, answer: resolveQuickOrderAnswer },
  addQuickOrderToCart: { body: addQuickOrderToCartRequest, answer: addQuickOrderToCartAnswer },
  reorder: { body: reorderRequest, answer: reorderAnswer },
  getMyVehicles: { answer: myVehiclesAnswer },
  saveMyVehicle: { body: saveMyVehicleRequest, answer: myVehicleWriteAnswer },
  removeMyVehicle: { body: removeMyVehicleRequest, answer: myVehicleWriteAnswer },
  getMallMemberInfo: { body: memberListRequest, answer: memberPageAnswer },
  setMallMemberInfo: { body: saveMemberRequest, answer: savedSeqAnswer },
  setMallMemberType: { body: memberTypeRequest, answer: memberWriteAnswer },
  stateMemberInfo: { body: memberStateRequest, answer: memberWriteAnswer },
  initMallMemberPw: { body: seqRequest, answer: passwordResetAnswer },
  updateSecurityNumber: { answer: securityNumberAnswer },
  WithdrawMember: { body: withdrawRequest, answer: memberWriteAnswer },
  withdrawCheck: { answer: withdrawCheckAnswer },
  showCashPaymentWinow: { body: cashPaymentRequest, answer: paymentWindowAnswer },
  showLicensePaymentWinow: { body: licensePaymentRequest, answer: paymentWindowAnswer },
  paymentCallback: { body: gatewayConfirmation, answer: gatewayCallbackAnswer },
  tossWebhook: { body: tossWebhook, answer: tossWebhookAnswer },
  mallCashPaymentInfo: { body: paymentHistoryRequest, answer: paymentPageAnswer },
  mallLicensePaymentInfo: { body: paymentHistoryRequest, answer: paymentPageAnswer },
  mallPendingTransfers: { body: pendingTransfersRequest, answer: pendingTransfersAnswer },
  initEpc: { answer: epcInitAnswer },
  getUserSearchHistory: { body: epcHistoryRequest, answer: epcHistoryAnswer },
  getCarsVinEx: { body: epcVinRequest, answer: epcVinAnswer },
  getCarsGroupEx: { body: epcGroupRequest, answer: epcGroupAnswer },
  getCarsConfigEx: { body: epcConfigRequest, answer: epcConfigAnswer },
  getCarsStructureEx: { body: epcStructureRequest, answer: epcStructureAnswer },
  getCarsPartsEx: { body: epcPartsRequest, answer: epcPartsAnswer },
  getCarsSearchHotKey: { body: epcHotKeyRequest, answer: epcHotKeyAnswer },
  getCarsReplace: { body: epcReplaceRequest, answer: epcReplaceAnswer },
  searchParts: { body: epcPartSearchRequest, answer: epcPartSearchAnswer },
  chatFileLink: { body: chatFileLinkRequest, answer: chatFileLinkAnswer },
  qrcodeLoginCode: { answer: qrLoginCodeAnswer },
  qrcodeLogin: { body: qrLoginRequest, answer: loginAnswer },
  uploadChatFile: { multipart: true, answer: chatUploadAnswer },
  uploadChatFiles: { multipart: true, answer: chatUploadAnswer },
  devOutbox: { query: outboxQuery, answer: outboxAnswer },
  adminDashboard: { answer: dashboardAnswer },
  adminOrderList: { body: adminOrderListRequest, answer: adminOrderPageAnswer },
  adminOrderDetail: { body: adminSeqRequest, answer: adminOrderDetailAnswer },
  adminOrderExport: { body: adminOrderListRequest, answer: csvAnswer },
  adminBulkShipConfirm: { body: bulkShipRequest, answer: bulkShipAnswer },
  adminCompanyList: { body: companyListRequest, answer: companyPageAnswer },
  adminCompanyDetail: { body: companyIdRequest, answer: companyDetailAnswer },
  adminSetMemberStatus: { body: setMemberStatusRequest, answer: adminWriteAnswer },
  adminSetCompanyLevel: { body: setCompanyLevelRequest, answer: adminWriteAnswer },
  adminAdjustCash: { body: adjustCashRequest, answer: balanceAnswer },
  adminAdjustLicense: { body: adjustLicenseRequest, answer: balanceAnswer },
  adminPaymentList: { body: paymentListRequest, answer: adminPaymentPageAnswer },
  adminConfirmDeposit: { body: adminSeqRequest, answer: confirmDepositAnswer },
  adminProductList: { body: adminProductListRequest, answer: adminProductPageAnswer },
  adminProductDetail: { body: adminSeqRequest, answer: adminProductAnswer },
  adminSaveProduct: { body: saveProductRequest, answer: adminProductAnswer },
  adminChangeStock: { body: changeStockRequest, answer: adminProductAnswer },
  adminUploadProductImage: { body: uploadProductImageRequest, answer: adminProductAnswer },
  adminImportProducts: { body: importProductsRequest, answer: importProductsAnswer },
  adminProductExport: { body: adminProductListRequest, answer: csvAnswer },
  adminNoticeList: { body: adminNoticeListRequest, answer: adminNoticePageAnswer },
  adminNoticeDetail: { body: adminSeqRequest, answer: adminNoticeAnswer },
  adminSaveNotice: { body: saveNoticeRequest, answer: adminNoticeAnswer },
  adminInquiryList: { body: inquiryListRequest, answer: inquiryPageAnswer },
  adminAnswerInquiry: { body: inquiryAnswerRequest, answer: adminInquiryAnswer },
  adminCloseInquiry: { body: adminSeqRequest, answer: adminInquiryAnswer },
  adminGetConfig: { answer: adminConfigAnswer },
  adminSaveConfig: { body: configFields, answer: adminConfigAnswer },
  adminStaffList: { answer: staffListAnswer },
  adminCreateStaff: { body: createStaffRequest, answer: newPasswordAnswer },
  adminResetStaffPassword: { body: adminSeqRequest, answer: newPasswordAnswer },
  adminSetStaffStatus: { body: setStaffStatusRequest, answer: adminWriteAnswer },
  adminAuditList: { body: auditListRequest, answer: auditPageAnswer },
  adminUploadCatalogue: { body: uploadCatalogueRequest, answer: catalogueReportAnswer },
  adminJobList: { body: jobListRequest, answer: jobPageAnswer },
  adminRetryJob: { body: retryJobRequest, answer: retryJobAnswer },
  adminXrefList: { body: xrefListRequest, answer: xrefPageAnswer },
  adminSaveXref: { body: xrefFields, answer: xrefAnswer },
  adminDeleteXref: { body: xrefSeqRequest, answer: emptyAnswer },
  adminImportXrefs: { body: importXrefsRequest, answer: importXrefsAnswer },
  adminSynonymList: { answer: synonymListAnswer },
  adminSaveSynonym: { body: saveSynonymRequest, answer: synonymAnswer },
  adminDeleteSynonym: { body: xrefSeqRequest, answer: emptyAnswer },
  orderStatement: { query: orderStatementRequest, answer: documentAnswer },
  monthlyStatement: { query: monthlyStatementRequest, answer: documentAnswer },
  getCashLedger: { body: cashLedgerRequest, answer: cashLedgerAnswer },
  cashLedgerExport: { query: cashLedgerExportRequest, answer: documentAnswer },
  getTaxInvoices: { body: taxInvoiceListRequest, answer: taxInvoicePageAnswer },
  adminTaxInvoiceList: { body: adminTaxInvoiceListRequest, answer: adminTaxInvoicePageAnswer },
  adminRetryTaxInvoice: { body: taxInvoiceActionRequest, answer: adminTaxInvoiceAnswer },
  adminCancelTaxInvoice: { body: taxInvoiceActionRequest, answer: adminTaxInvoiceAnswer },
  adminSetCompanyInvoiceInfo: { body: companyInvoiceInfoRequest, answer: companyInvoiceInfoAnswer },
  // tracking: carrier tracking of shipped orders (docs/requirements.md#shipping-and-tracking)
  getOrderTracking: { body: orderTrackingRequest, answer: orderTrackingAnswer },
  trackingWebhook: { body: trackingWebhook, answer: trackingWebhookAnswer },
  // notify: '알림 설정'
  getNotifySettings: { answer: notifySettingsAnswer },
  setNotifySettings: { body: setNotifySettingsRequest, answer: notifySettingsAnswer },
  // buyer22: 관심상품 and 재입고 알림 (docs/requirements.md#favourites)
  getFavorites: { body: favoritesRequest, answer: favoritesAnswer },
  setFavorite: { body: productMarkRequest, answer: productMarkAnswer },
  getProductMarks: { answer: productMarksAnswer },
  setRestockAlert: { body: productMarkRequest, answer: productMarkAnswer },
  setCartLineJobRef: { body: cartLineJobRefRequest, answer: cartWriteAnswer },
} as const satisfies Record<CallId, CallSchema>;

type Schemas = typeof CALL_SCHEMAS;
/** A call's body schema (POST), or never. */
export type CallBodySchema<I extends CallId> = Schemas[I] extends { body: infer B extends z.ZodType } ? B : never;
/** A call's query schema (GET), or never. */
export type CallQuerySchema<I extends CallId> = Schemas[I] extends { query: infer Q extends z.ZodType } ? Q : never;
/** What a caller sends: the body or query as the schema takes it (defaults may be left out); `void` when the call takes no input. */
export type CallPayload<I extends CallId> = Schemas[I] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : Schemas[I] extends { query: infer Q extends z.ZodType }
    ? z.input<Q>
    : void;
/** What a route handler is given: the payload after the schema (defaults filled, values coerced). */
export type CallInput<I extends CallId> = Schemas[I] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : Schemas[I] extends { query: infer Q extends z.ZodType }
    ? z.output<Q>
    : undefined;
/** The answer of a call on success (the envelope with its results). */
export type CallAnswer<I extends CallId> = z.output<Schemas[I]['answer']>;
