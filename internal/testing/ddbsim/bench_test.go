package ddbsim

import (
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// benchItem is an item of about 200 bytes, like a typical migrated row.
func benchItem(i int) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk":      sv(fmt.Sprintf("customer#%07d", i/10)),
		"sk":      nv(fmt.Sprint(i)),
		"name":    sv(fmt.Sprintf("Customer number %d of the benchmark", i)),
		"email":   sv(fmt.Sprintf("customer%d@example.com", i)),
		"balance": nv(fmt.Sprintf("%d.%02d", i%100000, i%100)),
		"active":  &types.AttributeValueMemberBOOL{Value: i%2 == 0},
		"city":    sv("Amsterdam"),
		"created": sv("2024-05-17T10:11:12Z"),
	}
}

// benchBatches pre-builds batches of 25 distinct items.
func benchBatches(table string, count int) []*dynamodb.BatchWriteItemInput {
	out := make([]*dynamodb.BatchWriteItemInput, count)
	for b := range out {
		reqs := make([]types.WriteRequest, 25)
		for i := range reqs {
			reqs[i] = put(benchItem(b*25 + i))
		}
		out[b] = batch(table, reqs...)
	}
	return out
}

// BenchmarkCountOnlyBatchWrite measures count-only mode as a sink: several
// goroutines send BatchWriteItem calls of 25 items through aws-sdk-go-v2 as
// fast as they can, client and server sharing the machine. One op is one
// call; items/s is the figure that matters.
func BenchmarkCountOnlyBatchWrite(b *testing.B) {
	sim := startSim(b, Options{Mode: ModeCount, Partitions: 4, PartitionWCU: 1e12})
	c := simClient(sim.URL())
	createTable(b, c, "bench", true)
	batches := benchBatches("bench", 256)
	ctx := ctxFor(b)
	var next atomic.Int64
	b.SetParallelism(4) // 4 x GOMAXPROCS client goroutines
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			in := batches[next.Add(1)%int64(len(batches))]
			out, err := c.BatchWriteItem(ctx, in)
			if err != nil {
				b.Error(err)
				return
			}
			if len(out.UnprocessedItems) != 0 {
				b.Error("unprocessed items in count-only mode without budget limits")
				return
			}
		}
	})
	b.StopTimer()
	st, _ := sim.TableStats("bench")
	b.ReportMetric(float64(st.AcceptedItems)/b.Elapsed().Seconds(), "items/s")
	if st.AcceptedItems != int64(b.N)*25 {
		b.Errorf("server counted %d items, client sent %d", st.AcceptedItems, b.N*25)
	}
	_ = aws.String
}

// BenchmarkServerBatchWrite measures the server side alone: the handler
// decoding, validating and counting a 25-item BatchWriteItem body. "flat" has
// items of plain S/N/BOOL attributes; "orders" has the items a load of the
// bench database's orders table sends: numeric keys, S timestamps and a
// nested M/L attribute from a jsonb column.
func BenchmarkServerBatchWrite(b *testing.B) {
	for _, bc := range []struct {
		name, table, pkType string
		body                []byte
	}{
		{"flat", "bench", "S", benchBody()},
		{"orders", "orders", "N", ordersBody()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			sim, err := New(Options{Mode: ModeCount, Partitions: 4, PartitionWCU: 1e12})
			if err != nil {
				b.Fatal(err)
			}
			defer sim.Close()
			p := &parser{}
			root, err := p.parse([]byte(`{"TableName":"` + bc.table + `","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"` + bc.pkType + `"},{"AttributeName":"sk","AttributeType":"N"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}`))
			if err != nil {
				b.Fatal(err)
			}
			if _, aerr := sim.createTable(p, &root, nil); aerr != nil {
				b.Fatal(aerr)
			}
			body := bc.body
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				root, err := p.parse(body)
				if err != nil {
					b.Fatal(err)
				}
				if _, aerr := sim.batchWriteItem(p, &root, &decision{}); aerr != nil {
					b.Fatal(aerr)
				}
			}
			b.ReportMetric(float64(b.N*25)/b.Elapsed().Seconds(), "items/s")
		})
	}
}

// ordersBody is a BatchWriteItem body like pg2ddb load sends for the bench
// database's orders table (about 270 bytes an item).
func ordersBody() []byte {
	return batchBody("orders", func(out []byte, i int) []byte {
		return fmt.Appendf(out, `{"PutRequest":{"Item":{"pk":{"N":"%d"},"sk":{"N":"%d"},"order_id":{"N":"%d"},"customer_id":{"N":"%d"},"order_no":{"N":"%d"},"created_at":{"S":"2022-09-01T20:25:%02d.406227Z"},"amount":{"N":"%d.%02d"},"status":{"S":"paid"},"items":{"M":{"lines":{"L":[{"M":{"qty":{"N":"%d"},"sku":{"S":"SKU-b%04d"},"price":{"N":"79.01"}}}]},"channel":{"S":"web"}}}}}}`,
			1000+i, i%3+1, 5000+i, 1000+i, i%3+1, i, 700+i, i, i%4+1, 6000+i)
	})
}

// benchBody is a BatchWriteItem body as the SDK would send it.
func benchBody() []byte {
	return batchBody("bench", func(out []byte, i int) []byte {
		return fmt.Appendf(out, `{"PutRequest":{"Item":{"pk":{"S":"customer#%07d"},"sk":{"N":"%d"},"name":{"S":"Customer number %d of the benchmark"},"email":{"S":"customer%d@example.com"},"balance":{"N":"%d.%02d"},"active":{"BOOL":true},"city":{"S":"Amsterdam"},"created":{"S":"2024-05-17T10:11:12Z"}}}}`, i/10, i, i, i, i, i%100)
	})
}

// batchBody is a BatchWriteItem body putting 25 items into table, the
// i-th appended by put.
func batchBody(table string, put func(out []byte, i int) []byte) []byte {
	out := fmt.Appendf(nil, `{"RequestItems":{%q:[`, table)
	for i := range 25 {
		if i > 0 {
			out = append(out, ',')
		}
		out = put(out, i)
	}
	return append(out, `]}}`...)
}
