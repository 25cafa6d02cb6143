namespace Sorcha.Events.Tests;

public sealed class EventGroupsTests
{
    [Theory]
    [InlineData("0123456789abcdef0123456789abcdef", true)]
    [InlineData("0123456789ABCDEF0123456789ABCDEF", false)]
    [InlineData("0123456789abcdef0123456789abcde", false)]
    [InlineData("g123456789abcdef0123456789abcdef", false)]
    [InlineData("", false)]
    [InlineData(null, false)]
    public void A_register_id_is_32_lowercase_hex(string? id, bool valid) => Assert.Equal(valid, EventGroups.IsRegisterId(id));

    [Fact]
    public void An_address_is_printable_ascii_of_a_bounded_length()
    {
        Assert.True(EventGroups.IsAddress("ws1qxyz" + new string('a', 100)));
        Assert.False(EventGroups.IsAddress(new string('a', EventGroups.MaxIdLength + 1)));
        Assert.False(EventGroups.IsAddress("with space"));
        Assert.False(EventGroups.IsAddress("tab\t"));
        Assert.False(EventGroups.IsAddress("é"));
        Assert.False(EventGroups.IsAddress(""));
        Assert.False(EventGroups.IsAddress(null));
    }

    [Fact]
    public void Wallet_and_register_groups_never_share_a_name() =>
        Assert.NotEqual(EventGroups.Wallet("abc"), EventGroups.Register("abc"));
}
