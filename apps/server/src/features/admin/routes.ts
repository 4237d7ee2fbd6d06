import {
  ADMIN_CALLS as C,
  MSG_ADMIN,
  adjustCashRequest,
  adjustLicenseRequest,
  adminConfigAnswer,
  adminInquiryAnswer,
  adminNoticeAnswer,
  adminNoticeListRequest,
  adminNoticePageAnswer,
  adminOrderDetailAnswer,
  adminOrderListRequest,
  adminOrderPageAnswer,
  adminProductAnswer,
  adminProductListRequest,
  adminProductPageAnswer,
  adminWriteAnswer,
  auditListRequest,
  catalogueReportAnswer,
  MSG_CATALOGUE,
  uploadCatalogueRequest,
  auditPageAnswer,
  balanceAnswer,
  bulkShipAnswer,
  bulkShipRequest,
  changeStockRequest,
  companyDetailAnswer,
  companyIdRequest,
  companyListRequest,
  companyPageAnswer,
  configFields,
  confirmDepositAnswer,
  createStaffRequest,
  csvAnswer,
  dashboardAnswer,
  importProductsAnswer,
  importProductsRequest,
  inquiryAnswerRequest,
  inquiryListRequest,
  inquiryPageAnswer,
  newPasswordAnswer,
  paymentListRequest,
  adminPaymentPageAnswer,
  saveNoticeRequest,
  saveProductRequest,
  adminSeqRequest,
  setCompanyLevelRequest,
  setMemberStatusRequest,
  setStaffStatusRequest,
  staffListAnswer,
  uploadProductImageRequest,
} from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { countOnlineCustomers } from '../chat/routes.js';
import { requireStaff, type Api, type AppContext } from '../../shared/context.js';
import { created, ok } from '../../shared/http.js';
import { seoulDay } from '../../shared/time.js';
import { listAudit } from './audit.js';
import { partNumberAdminRoutes } from './part-number-routes.js';
import { uploadCatalogue } from './catalogue.js';
import { adjustCash, adjustLicense, companyDetail, listCompanies, setCompanyLevel, setMemberStatus } from './companies.js';
import {
  answerInquiry,
  closeInquiry,
  createStaff,
  dashboard,
  listInquiries,
  listNoticesAdmin,
  listStaff,
  noticeDetailAdmin,
  readConfig,
  resetStaffPassword,
  saveConfig,
  saveNotice,
  setStaffStatus,
} from './content.js';
import { adminListOrders, adminOrderDetail, bulkShipConfirm, exportOrders } from './orders.js';
import { confirmDeposit, listPayments } from './payments.js';
import { changeStock, exportProducts, importProducts, listProducts, productDetail, saveProduct, uploadProductImage } from './products.js';

/**
 * The back office's calls (issue 12). Each route takes its path and its access from ADMIN_CALLS,
 * the one permission table; the access hook answers 401/403 before the body is read. The order
 * moves themselves (setOrderStatus, getOrderEvents) live with the orders feature.
 */
const tags = ['admin'];

export function adminRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;
  const access = (call: keyof typeof C) => ({ access: C[call].role });
  const staffId = (req: Parameters<typeof requireStaff>[0]) => requireStaff(req).member.id;

  app.post(C.dashboard.path, { config: access('dashboard'), schema: { tags, summary: '대시보드', response: answers(dashboardAnswer) } }, async () => ok(await dashboard(db, () => countOnlineCustomers(ctx))));

  // ---- orders
  app.post(C.orderList.path, { config: access('orderList'), schema: { tags, summary: '주문 목록', body: adminOrderListRequest, response: answers(adminOrderPageAnswer) } }, async (req) => {
    const { results, total } = await adminListOrders(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.orderDetail.path, { config: access('orderDetail'), schema: { tags, summary: '주문 상세', body: adminSeqRequest, response: answers(adminOrderDetailAnswer) } }, async (req) =>
    ok(await adminOrderDetail(db, req.body.seq)),
  );
  app.post(C.orderExport.path, { config: access('orderExport'), schema: { tags, summary: '주문 CSV', body: adminOrderListRequest, response: answers(csvAnswer) } }, async (req) => {
    const { csv, rows } = await exportOrders(db, req.body);
    return ok({ filename: `orders-${seoulDay()}.csv`, csv, rows });
  });
  app.post(C.bulkShipConfirm.path, { config: access('bulkShipConfirm'), schema: { tags, summary: '선택 주문 출고확정', body: bulkShipRequest, response: answers(bulkShipAnswer) } }, async (req) => {
    const result = await bulkShipConfirm(db, staffId(req), req.body.seqs);
    return created(result, MSG_ADMIN.bulkDone(result.moved.length, result.refused.length));
  });

  // ---- members and companies
  app.post(C.companyList.path, { config: access('companyList'), schema: { tags, summary: '업체 검색', body: companyListRequest, response: answers(companyPageAnswer) } }, async (req) => {
    const { results, total } = await listCompanies(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.companyDetail.path, { config: access('companyDetail'), schema: { tags, summary: '업체 상세', body: companyIdRequest, response: answers(companyDetailAnswer) } }, async (req) =>
    ok(await companyDetail(db, req.body.companyId)),
  );
  app.post(C.setMemberStatus.path, { config: access('setMemberStatus'), schema: { tags, summary: '회원 계정 정지/재개', body: setMemberStatusRequest, response: answers(adminWriteAnswer) } }, async (req) => {
    await setMemberStatus(db, ctx.realtime, staffId(req), req.body.memberId, req.body.status);
    return created(undefined, MSG_ADMIN.statusChanged);
  });
  app.post(C.setCompanyLevel.path, { config: access('setCompanyLevel'), schema: { tags, summary: '업체 등급 변경 (관리자)', body: setCompanyLevelRequest, response: answers(adminWriteAnswer) } }, async (req) => {
    await setCompanyLevel(db, staffId(req), req.body.companyId, req.body.level);
    return created(undefined, MSG_ADMIN.levelChanged);
  });
  app.post(C.adjustCash.path, { config: access('adjustCash'), schema: { tags, summary: '캐시 조정 (관리자, 사유 필수)', body: adjustCashRequest, response: answers(balanceAnswer) } }, async (req) => {
    const point = await adjustCash(db, staffId(req), req.body);
    await ctx.realtime.pushBaseInfo(req.body.companyId);
    const detail = await companyDetail(db, req.body.companyId);
    return created({ point, licenseEnd: detail.company.licenseEnd, licenseDays: detail.company.licenseDays }, MSG_ADMIN.cashAdjusted);
  });
  app.post(C.adjustLicense.path, { config: access('adjustLicense'), schema: { tags, summary: '이용권 기간 조정 (관리자)', body: adjustLicenseRequest, response: answers(balanceAnswer) } }, async (req) => {
    const result = await adjustLicense(db, staffId(req), req.body);
    await ctx.realtime.pushBaseInfo(req.body.companyId);
    return created(result, MSG_ADMIN.licenseAdjusted);
  });

  // ---- payments
  app.post(C.paymentList.path, { config: access('paymentList'), schema: { tags, summary: '결제 기록', body: paymentListRequest, response: answers(adminPaymentPageAnswer) } }, async (req) => {
    const { results, total } = await listPayments(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.confirmDeposit.path, { config: access('confirmDeposit'), schema: { tags, summary: '계좌이체 입금 확인 (한 번만 충전)', body: adminSeqRequest, response: answers(confirmDepositAnswer) } }, async (req) => {
    const result = await confirmDeposit(db, staffId(req), req.body.seq);
    await ctx.realtime.pushBaseInfo(result.payment.companyId);
    return created(result, MSG_ADMIN.depositConfirmed);
  });

  // ---- products
  app.post(C.productList.path, { config: access('productList'), schema: { tags, summary: '상품 검색', body: adminProductListRequest, response: answers(adminProductPageAnswer) } }, async (req) => {
    const { results, total } = await listProducts(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.productDetail.path, { config: access('productDetail'), schema: { tags, summary: '상품 상세', body: adminSeqRequest, response: answers(adminProductAnswer) } }, async (req) =>
    ok(await productDetail(db, req.body.seq)),
  );
  app.post(C.saveProduct.path, { config: access('saveProduct'), schema: { tags, summary: '상품 등록/수정', body: saveProductRequest, response: answers(adminProductAnswer) } }, async (req) =>
    created(await saveProduct(db, staffId(req), req.body), MSG_ADMIN.saved),
  );
  app.post(C.changeStock.path, { config: access('changeStock'), schema: { tags, summary: '재고 변경 (사유 필수)', body: changeStockRequest, response: answers(adminProductAnswer) } }, async (req) => {
    await changeStock(db, staffId(req), req.body);
    return created(await productDetail(db, req.body.seq), MSG_ADMIN.stockChanged);
  });
  app.post(
    C.uploadProductImage.path,
    { bodyLimit: 15 * 1024 * 1024, config: access('uploadProductImage'), schema: { tags, summary: '상품 이미지 등록 (base64, 이미지 검사)', body: uploadProductImageRequest, response: answers(adminProductAnswer) } },
    async (req) => created(await uploadProductImage(db, ctx.config.uploadDir, staffId(req), req.body), MSG_ADMIN.imageAdded),
  );
  app.post(
    C.importProducts.path,
    { bodyLimit: 10 * 1024 * 1024, config: access('importProducts'), schema: { tags, summary: 'CSV 상품 일괄 등록 (미리보기, 전부 아니면 없음)', body: importProductsRequest, response: answers(importProductsAnswer) } },
    async (req) => {
      const result = await importProducts(db, staffId(req), req.body.csv, req.body.commit);
      const message = result.errors.length ? MSG_ADMIN.csvHasErrors : result.committed ? MSG_ADMIN.csvImported(result.rows.filter((r) => r.action === 'create').length, result.rows.filter((r) => r.action === 'update').length) : undefined;
      return result.committed ? created(result, message) : ok(result, message);
    },
  );
  app.post(C.productExport.path, { config: access('productExport'), schema: { tags, summary: '상품 CSV', body: adminProductListRequest, response: answers(csvAnswer) } }, async (req) => {
    const { csv, rows } = await exportProducts(db, req.body);
    return ok({ filename: `products-${seoulDay()}.csv`, csv, rows });
  });

  // ---- notices and inquiries
  app.post(C.noticeList.path, { config: access('noticeList'), schema: { tags, summary: '공지 목록 (게시 안 함 포함)', body: adminNoticeListRequest, response: answers(adminNoticePageAnswer) } }, async (req) => {
    const { results, total } = await listNoticesAdmin(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.noticeDetail.path, { config: access('noticeDetail'), schema: { tags, summary: '공지 상세', body: adminSeqRequest, response: answers(adminNoticeAnswer) } }, async (req) =>
    ok(await noticeDetailAdmin(db, req.body.seq)),
  );
  app.post(C.saveNotice.path, { config: access('saveNotice'), schema: { tags, summary: '공지 등록/수정 (HTML은 서버에서 정리)', body: saveNoticeRequest, response: answers(adminNoticeAnswer) } }, async (req) =>
    created(await saveNotice(db, staffId(req), req.body), MSG_ADMIN.saved),
  );
  app.post(C.inquiryList.path, { config: access('inquiryList'), schema: { tags, summary: '문의 목록', body: inquiryListRequest, response: answers(inquiryPageAnswer) } }, async (req) => {
    const { results, total } = await listInquiries(db, req.body);
    return ok(results, undefined, total);
  });
  app.post(C.answerInquiry.path, { config: access('answerInquiry'), schema: { tags, summary: '문의 답변', body: inquiryAnswerRequest, response: answers(adminInquiryAnswer) } }, async (req) =>
    created(await answerInquiry(db, staffId(req), req.body.seq, req.body.answer), MSG_ADMIN.saved),
  );
  app.post(C.closeInquiry.path, { config: access('closeInquiry'), schema: { tags, summary: '문의 종료', body: adminSeqRequest, response: answers(adminInquiryAnswer) } }, async (req) =>
    created(await closeInquiry(db, staffId(req), req.body.seq), MSG_ADMIN.saved),
  );

  // ---- configuration (admin)
  app.post(C.getConfig.path, { config: access('getConfig'), schema: { tags, summary: '쇼핑몰 설정 읽기', response: answers(adminConfigAnswer) } }, async () => ok(await readConfig(db)));
  app.post(C.saveConfig.path, { config: access('saveConfig'), schema: { tags, summary: '쇼핑몰 설정 저장 (ver 증가)', body: configFields, response: answers(adminConfigAnswer) } }, async (req) =>
    created(await saveConfig(db, staffId(req), req.body), MSG_ADMIN.configVer),
  );

  // ---- staff accounts and audit (admin)
  app.post(C.staffList.path, { config: access('staffList'), schema: { tags, summary: '직원 계정 목록', response: answers(staffListAnswer) } }, async () => ok(await listStaff(db)));
  app.post(C.createStaff.path, { config: access('createStaff'), schema: { tags, summary: '직원 계정 만들기 (비밀번호 한 번 표시)', body: createStaffRequest, response: answers(newPasswordAnswer) } }, async (req) =>
    created(await createStaff(db, staffId(req), req.body), MSG_ADMIN.staffCreated),
  );
  app.post(C.resetStaffPassword.path, { config: access('resetStaffPassword'), schema: { tags, summary: '직원 비밀번호 초기화', body: adminSeqRequest, response: answers(newPasswordAnswer) } }, async (req) =>
    created(await resetStaffPassword(db, ctx.realtime, staffId(req), req.body.seq), MSG_ADMIN.passwordReset),
  );
  app.post(C.setStaffStatus.path, { config: access('setStaffStatus'), schema: { tags, summary: '직원 계정 정지/재개', body: setStaffStatusRequest, response: answers(adminWriteAnswer) } }, async (req) => {
    await setStaffStatus(db, ctx.realtime, staffId(req), req.body.seq, req.body.status);
    return created(undefined, MSG_ADMIN.statusChanged);
  });
  app.post(C.auditList.path, { config: access('auditList'), schema: { tags, summary: '작업 기록 (수정·삭제 불가)', body: auditListRequest, response: answers(auditPageAnswer) } }, async (req) => {
    const { results, total } = await listAudit(db, req.body);
    return ok(results, undefined, total);
  });

  app.post(
    C.uploadCatalogue.path,
    { bodyLimit: 60 * 1024 * 1024, config: access('uploadCatalogue'), schema: { tags, summary: '부품 카탈로그 zip 업로드 (가져오기 보고서)', body: uploadCatalogueRequest, response: answers(catalogueReportAnswer) } },
    async (req) => {
      const report = await uploadCatalogue(db, ctx.config.uploadDir, staffId(req), req.body);
      return report.ok ? created(report, MSG_CATALOGUE.imported(report.mcid ?? '', report.version ?? 0)) : ok(report, MSG_CATALOGUE.refused);
    },
  );

  partNumberAdminRoutes(app, ctx);
}
