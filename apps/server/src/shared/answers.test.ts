import { describe, expect, it } from 'vitest';
import { errorEnvelope, productListAnswer } from '@partsmall/contract';
import { AnswerContractError, answerSerializerCompiler, compileAnswer } from './answers.js';

const product = {
  seq: 7,
  name: '브레이크 패드',
  pid: 'AB-123',
  factoryNum: 'TEST 01',
  type: 2,
  hasAmount: 5,
  stock: 5,
  stockName: '한국 김포물류센터',
  storageId: 1,
  imgFiles: ['/uploads/products/pad-1.svg'],
  image: '/uploads/products/pad-1.svg',
  detailInfo: '',
  category: 'pad',
  brand: 'bmw',
  companyId: 0,
};

describe('answers serialised from the contract schemas', () => {
  it('writes exactly the fields of the schema, in its order, and nothing the row carries besides', () => {
    const serialize = compileAnswer(productListAnswer);
    const row = { ...product, priceA: 4100, priceB: 3200, priceC: 2300, priceD: 1400, basePrice: 5000 };
    const body = serialize({ code: 200, message: '정상 처리되었습니다.', results: [row], more: false });
    expect(body).toBe(
      '{"code":200,"message":"정상 처리되었습니다.","results":[{"seq":7,"name":"브레이크 패드","pid":"AB-123","factoryNum":"TEST 01","type":2,' +
        '"hasAmount":5,"stock":5,"stockName":"한국 김포물류센터","storageId":1,"imgFiles":["/uploads/products/pad-1.svg"],' +
        '"image":"/uploads/products/pad-1.svg","detailInfo":"","category":"pad","brand":"bmw","companyId":0}],"more":false}',
    );
  });

  it('writes a member price when the row has one', () => {
    const body = compileAnswer(productListAnswer)({
      code: 200,
      message: 'ok',
      results: [{ ...product, price: 3200, salePrice: 5000 }],
      more: true,
    });
    expect(JSON.parse(body).results[0]).toMatchObject({ price: 3200, salePrice: 5000 });
  });

  it('compiles each schema once', () => {
    expect(compileAnswer(errorEnvelope)).toBe(compileAnswer(errorEnvelope));
  });

  it('a required field missing is an error, not a different answer', () => {
    const { name: _name, ...nameless } = product;
    expect(() =>
      compileAnswer(productListAnswer)({ code: 200, message: 'ok', results: [nameless], more: false }),
    ).toThrow();
  });

  it('with verify, an answer that breaks its schema is refused before it is sent', () => {
    const serialize = answerSerializerCompiler({ verify: true })({
      schema: productListAnswer,
      method: 'POST',
      url: '/api/getProductHome',
      httpStatus: '200',
    });
    expect(() =>
      serialize({ code: 200, message: 'ok', results: [{ ...product, price: '3200' }], more: false }),
    ).toThrow(AnswerContractError);
    expect(JSON.parse(serialize({ code: 200, message: 'ok', results: [product], more: false })).results).toHaveLength(
      1,
    );
  });
});
