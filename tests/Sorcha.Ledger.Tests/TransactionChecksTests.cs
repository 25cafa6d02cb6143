using Sorcha.Cryptography;
using Sorcha.Ledger.Tests.TestData;
using Sorcha.Ledger.Transactions;

namespace Sorcha.Ledger.Tests;

public class TransactionChecksTests
{
    public static TheoryData<SignatureAlgorithm> Algorithms => [.. TestKeys.Algorithms];

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Signed_transaction_verifies(SignatureAlgorithm algorithm) =>
        Assert.Null(TransactionChecks.Verify(TransactionFactory.Parse(TransactionFactory.Create(algorithm))));

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Sender_of_another_key_is_a_mismatch(SignatureAlgorithm algorithm)
    {
        var other = Addresses.FromPublicKey(algorithm, TestKeys.For(algorithm, 1).PublicKey);
        var parsed = TransactionFactory.Parse(TransactionFactory.Create(algorithm)) with { Sender = other };

        Assert.Contains("address", TransactionChecks.Verify(parsed), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Signature_by_another_key_is_invalid(SignatureAlgorithm algorithm)
    {
        var key = TestKeys.For(algorithm);
        var unsigned = TransactionFactory.Unsigned(algorithm, key.PublicKey, "{}");
        var forged = Signatures.Sign(algorithm, TestKeys.For(algorithm, 1).PrivateKey, TransactionFactory.TxIdOf(unsigned));
        var parsed = TransactionFactory.Parse(TransactionFactory.WithSignature(unsigned, Convert.ToBase64String(forged)));

        Assert.Equal("signature does not verify over the txId", TransactionChecks.Verify(parsed));
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Signature_over_other_data_is_invalid(SignatureAlgorithm algorithm)
    {
        var key = TestKeys.For(algorithm);
        var unsigned = TransactionFactory.Unsigned(algorithm, key.PublicKey, "{}");
        // Signing the hex text instead of the 32 raw txId bytes is a classic client mistake.
        var wrong = Signatures.Sign(algorithm, key.PrivateKey, System.Text.Encoding.ASCII.GetBytes(Convert.ToHexStringLower(TransactionFactory.TxIdOf(unsigned))));
        var parsed = TransactionFactory.Parse(TransactionFactory.WithSignature(unsigned, Convert.ToBase64String(wrong)));

        Assert.NotNull(TransactionChecks.Verify(parsed));
    }

    [Fact]
    public void Signature_of_the_wrong_length_is_named()
    {
        var key = TestKeys.For(SignatureAlgorithm.ED25519);
        var unsigned = TransactionFactory.Unsigned(SignatureAlgorithm.ED25519, key.PublicKey, "{}");
        var parsed = TransactionFactory.Parse(TransactionFactory.WithSignature(unsigned, Convert.ToBase64String(new byte[63])));

        Assert.Equal("signature must be 64 bytes for ED25519 (got 63)", TransactionChecks.Verify(parsed));
    }

    [Fact]
    public void Address_with_a_bad_checksum_is_named()
    {
        var parsed = TransactionFactory.Parse(TransactionFactory.Create());
        var last = parsed.Sender[^1] == 'q' ? 'p' : 'q';

        Assert.Equal("sender is not a valid Sorcha address (bech32m checksum)", TransactionChecks.Verify(parsed with { Sender = parsed.Sender[..^1] + last }));
    }
}
