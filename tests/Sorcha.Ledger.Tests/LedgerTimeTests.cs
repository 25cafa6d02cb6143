using Sorcha.Ledger.Formats;

namespace Sorcha.Ledger.Tests;

public class LedgerTimeTests
{
    [Theory]
    [InlineData("2025-03-01T12:00:00Z", 0)]
    [InlineData("2025-03-01T12:00:00.5Z", 5_000_000)]
    [InlineData("2025-03-01T12:00:00.123Z", 1_230_000)]
    [InlineData("2025-03-01T12:00:00.123456789Z", 1_234_567)]
    [InlineData("2024-02-29T23:59:59.000Z", 0)]
    public void TryParse_accepts_rfc3339_utc(string text, long fractionTicks)
    {
        Assert.True(LedgerTime.TryParse(text, out var value));
        Assert.Equal(TimeSpan.Zero, value.Offset);
        Assert.Equal(fractionTicks, value.UtcTicks % TimeSpan.TicksPerSecond);
    }

    [Theory]
    [InlineData("2025-03-01T12:00:00+00:00")]
    [InlineData("2025-03-01 12:00:00Z")]
    [InlineData("2025-03-01t12:00:00z")]
    [InlineData("2025-02-29T12:00:00Z")]
    [InlineData("2025-03-01T24:00:00Z")]
    [InlineData("2025-03-01T12:00:60Z")]
    [InlineData("2025-03-01T12:00:00.Z")]
    [InlineData("2025-03-01T12:00:00.1234567890Z")]
    [InlineData("2025-3-01T12:00:00Z")]
    [InlineData("")]
    public void TryParse_rejects_other_forms(string text) => Assert.False(LedgerTime.TryParse(text, out _));

    [Fact]
    public void Format_writes_milliseconds_in_utc_and_truncates()
    {
        var value = new DateTimeOffset(2025, 3, 1, 14, 0, 0, TimeSpan.FromHours(2)).AddTicks(1_239_999);
        Assert.Equal("2025-03-01T12:00:00.123Z", LedgerTime.Format(value));
        Assert.Equal(LedgerTime.TruncateToMilliseconds(value), LedgerTime.TryParse(LedgerTime.Format(value), out var back) ? back : default);
    }
}
